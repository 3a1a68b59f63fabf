import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showInBrowser, sleep, until } from '../replays/testing/replay-kit.ts';
import { findChromium, launchChromium, type LaunchedChromium } from './chromium-process.ts';
import type { Sampling } from './screen-sampling.ts';
import { ActiveTabScreen } from './screencast.ts';

const lookup = findChromium();

/** A page that paints every frame, and one that never paints again. */
const BUSY_PAGE = `data:text/html,${encodeURIComponent(`<!doctype html>
<body style="margin:0"><div id="b" style="position:absolute;width:100px;height:100px;background:#26d"></div>
<script>
const b = document.getElementById('b');
const step = (t) => { b.style.left = (t / 4) % 1000 + 'px'; requestAnimationFrame(step); };
requestAnimationFrame(step);
</script>`)}`;
const STILL_PAGE = `data:text/html,${encodeURIComponent('<!doctype html><h1>Still</h1>')}`;

describe.skipIf(!lookup.path)('the session browser’s screen (real Chromium)', () => {
  let dir: string;
  let chromium: LaunchedChromium;
  let screen: ActiveTabScreen;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'screencast-test-'));
    chromium = await launchChromium({
      executable: lookup.path ?? '',
      env: lookup.path ? lookup.env : {},
      profileDir: path.join(dir, 'profile'),
      logFile: path.join(dir, 'chromium.log'),
    });
    screen = new ActiveTabScreen();
    await screen.attach(chromium.wsUrl);
  }, 30_000);
  afterAll(async () => {
    screen?.close();
    chromium?.process.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  /** Waits until the frames are taken as `taking` (undefined: not at all). */
  async function becomes(taking: Sampling | undefined, ms: number): Promise<void> {
    await until(async () => (screen.taking === taking ? true : undefined), ms).catch(() => {
      throw new Error(`still ${screen.taking ?? 'nothing'} after ${ms} ms, not ${taking}`);
    });
  }

  /** Frames a second a subscriber gets over `ms`. */
  async function rate(maxFps: number | undefined, ms: number): Promise<number> {
    let frames = 0;
    const stop = screen.subscribe(() => (frames += 1), maxFps ? { maxFps } : {});
    await sleep(200);
    frames = 0;
    await sleep(ms);
    stop();
    return (frames * 1000) / ms;
  }

  it('takes screenshots at a recording’s pace while the page keeps painting, a screencast otherwise', async () => {
    await showInBrowser(chromium.wsUrl, BUSY_PAGE);
    let recorded = 0;
    const recording = screen.subscribe(() => (recorded += 1), { maxFps: 10 });
    // the screencast first, screenshots once the page has painted at full pace for a while
    await becomes('screencast', 5_000);
    await becomes('screenshots', 8_000);
    recorded = 0;
    await sleep(2_000);
    expect(recorded).toBeGreaterThanOrEqual(14);
    expect(recorded).toBeLessThanOrEqual(22);

    // a viewer gets the screencast at its own pace, the recording keeps its frames
    const viewed = await rate(undefined, 1_500);
    expect(viewed).toBeGreaterThan(15);
    await becomes('screenshots', 8_000);

    // a page that stops painting goes back to the screencast, which then sends nothing
    await showInBrowser(chromium.wsUrl, STILL_PAGE);
    await becomes('screencast', 8_000);
    await sleep(500);
    recorded = 0;
    await sleep(1_500);
    expect(recorded).toBeLessThanOrEqual(1);
    recording();
    await becomes(undefined, 5_000);
  }, 40_000);
});
