import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFfmpeg } from './ffmpeg-binary.ts';
import { readMp4Outline } from './mp4-boxes.ts';
import { ReplayFolder, type ReplayMeta } from './replay-folder.ts';
import { MAX_ACTIVE_PER_SESSION, Replays, type RecordableSession } from './replays.ts';
import { FakeScreen, testPatternJpegs } from './testing/fake-screen.ts';
import { sleep, until } from './testing/replay-kit.ts';

const ffmpeg = findFfmpeg(undefined).path;

describe.skipIf(!ffmpeg)('the recordings of sessions (a screen of test frames)', () => {
  const binary = ffmpeg ?? '';
  let dir: string;
  let replays: Replays;
  let session: RecordableSession;
  const folderOf = (id: string) => path.join(dir, id, 'replays');

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'replays-manager-'));
    replays = new Replays({ ffmpeg: undefined, folderOf });
    const frames = testPatternJpegs(binary, 5, 160, 120).map((jpeg) => ({
      jpeg,
      width: 160,
      height: 120,
    }));
    session = { id: 's1', screen: new FakeScreen(frames, 100), unavailableReason: undefined };
  });
  afterEach(async () => {
    await replays.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finishes a recording a stopped server cut short, from what was written', async () => {
    // what a server killed mid-recording leaves: its record and a fragmented video, unfinished
    const folder = new ReplayFolder(folderOf('s1'));
    const meta: ReplayMeta = {
      replay_id: 'rp_0123456789abcdefghij',
      started_at: new Date(Date.now() - 60_000).toISOString(),
      finished_at: null,
      framerate: 10,
      max_duration_in_seconds: 3600,
      view_token: 'secret',
    };
    await folder.write(meta);
    spawnSync(binary, [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=160x120:rate=10',
      ],
      ...['-t', '3', '-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4'],
      folder.partFile(meta.replay_id),
    ]);
    const [recovered] = await replays.list('s1');
    expect(recovered?.finished_at).not.toBeNull();
    expect(recovered?.error).toBeUndefined();
    const video = await replays.video('s1', meta.replay_id);
    expect(video.state).toBe('ready');
    const outline = readMp4Outline(await readFile(folder.videoFile(meta.replay_id)));
    expect(outline.boxes.indexOf('moov')).toBeLessThan(outline.boxes.indexOf('mdat'));
    expect(outline.durationS).toBeCloseTo(3, 0);
    expect(existsSync(folder.partFile(meta.replay_id))).toBe(false);
  });

  it('keeps a recording going, a new one each turn, the newest few kept', async () => {
    replays.keepRecording(session, { everyMs: 1000, keep: 2, framerate: 5 });
    const turned = await until(async () => {
      const list = await replays.list('s1');
      return list.filter((meta) => meta.finished_at).length >= 2 && list.length >= 3
        ? list
        : undefined;
    }, 15_000);
    expect(turned.filter((meta) => meta.finished_at === null)).toHaveLength(1);
    await sleep(1500);
    const later = await replays.list('s1');
    expect(later.filter((meta) => meta.finished_at !== null).length).toBeLessThanOrEqual(2);
    // the oldest went, with its files
    expect(later.map((meta) => meta.replay_id)).not.toContain(turned[0]?.replay_id);
    await replays.sessionEnded('s1');
    expect((await replays.list('s1')).every((meta) => meta.finished_at !== null)).toBe(true);
  }, 30_000);

  it('says why it cannot record: no ffmpeg, no screen, too many at once', async () => {
    const without = new Replays({ ffmpeg: 'off', folderOf });
    await expect(without.start(session, { framerate: 10, maxDurationS: 10 })).rejects.toMatchObject(
      { status: 501, message: expect.stringContaining('REFERENCE_FFMPEG=off') },
    );
    await expect(
      replays.start(
        { id: 's2', screen: undefined, unavailableReason: 'the browser died' },
        { framerate: 10, maxDurationS: 10 },
      ),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('the browser died') });
    for (let n = 0; n < MAX_ACTIVE_PER_SESSION; n++)
      await replays.start(session, { framerate: 5, maxDurationS: 60 });
    await expect(replays.start(session, { framerate: 5, maxDurationS: 60 })).rejects.toMatchObject({
      status: 409,
    });
  });
});
