import { describe, expect, it } from 'vitest';
import { SAMPLING_WINDOW_MS, SamplingChoice } from './screen-sampling.ts';

/** Screencast frames every `everyMs` from `fromMs` for `forMs`; when the choice switched, if so. */
function screencast(choice: SamplingChoice, fromMs: number, forMs: number, everyMs: number) {
  for (let at = fromMs; at < fromMs + forMs; at += everyMs)
    if (choice.screencastFrame(at)) return at;
  return undefined;
}

/** Takes screenshots every `everyMs`, `changed(i)` saying which showed something new. */
function screenshots(
  choice: SamplingChoice,
  fromMs: number,
  forMs: number,
  everyMs: number,
  changed: (index: number) => boolean,
) {
  for (let at = fromMs, index = 0; at < fromMs + forMs; at += everyMs, index += 1)
    if (choice.screenshot(at, changed(index))) return at;
  return undefined;
}

describe('choosing between the screencast and screenshots', () => {
  it('takes screenshots once the page has painted at the full pace for a window', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screencast', 0);
    const switched = screencast(choice, 0, 10_000, 100);
    expect(switched).toBeGreaterThanOrEqual(SAMPLING_WINDOW_MS);
    expect(switched).toBeLessThanOrEqual(SAMPLING_WINDOW_MS + 100);
    expect(choice.mode).toBe('screenshots');
  });

  it('stays with the screencast while the page paints now and then', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screencast', 0);
    // a caret blinking, a spinner at a few frames a second
    expect(screencast(choice, 0, 20_000, 500)).toBeUndefined();
    expect(screencast(choice, 20_000, 20_000, 200)).toBeUndefined();
    expect(choice.mode).toBe('screencast');
  });

  it('goes back to the screencast once the screenshots stop changing for half a second', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screenshots', 0);
    expect(screenshots(choice, 0, 10_000, 100, () => true)).toBeUndefined();
    expect(screenshots(choice, 10_000, 10_000, 100, () => false)).toBe(10_400);
    expect(choice.mode).toBe('screencast');
    // three at least at a slow pace
    const slow = new SamplingChoice(2);
    slow.reset('screenshots', 0);
    expect(screenshots(slow, 0, 10_000, 500, (index) => index < 4)).toBe(3_000);
  });

  it('goes back to the screencast when few screenshots change', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screenshots', 0);
    // half of them changed: busy
    expect(screenshots(choice, 0, 10_000, 100, (index) => index % 2 === 0)).toBeUndefined();
    // one in four changed (three still ones in a row, short of half a second): quiet once the
    // window holds only those
    const rare = screenshots(choice, 10_000, 10_000, 100, (index) => index % 4 === 0);
    expect(rare).toBeGreaterThan(10_000);
    expect(rare).toBeLessThanOrEqual(10_000 + SAMPLING_WINDOW_MS);
  });

  it('keeps taking screenshots that change while a saturated machine slows their pace', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screenshots', 0);
    // every one changed, four times slower than asked (cpu-headroom.ts)
    expect(screenshots(choice, 0, 20_000, 400, () => true)).toBeUndefined();
    expect(choice.mode).toBe('screenshots');
  });

  it('keeps taking screenshots while most of them show a change', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screenshots', 0);
    expect(screenshots(choice, 0, 20_000, 100, (index) => index % 4 !== 0)).toBeUndefined();
    expect(choice.mode).toBe('screenshots');
  });

  it('holds a choice for a window at least, and judges by the pace asked for', () => {
    const choice = new SamplingChoice(10);
    choice.reset('screencast', 0);
    // a burst at the start decides nothing before the window has passed
    expect(screencast(choice, 0, SAMPLING_WINDOW_MS - 100, 50)).toBeUndefined();
    // at 2 frames a second asked for, 2 frames a second is the full pace
    const slow = new SamplingChoice(2);
    slow.reset('screencast', 0);
    expect(screencast(slow, 0, 10_000, 500)).toBeDefined();
  });
});
