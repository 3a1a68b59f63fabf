import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../config/limits';
import type { EventItem, TimelineItem } from '../../entities/session-events/model/types';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  PNG_DATA,
  stubObjectUrlsInEachTest,
  T0,
  telemetryEvent,
} from '../../entities/session-events/testing/telemetry-test-kit';
import { readBundle } from './read-bundle';
import { writeBundleParts, type BundleInput } from './write-bundle';

stubObjectUrlsInEachTest();

/** More screenshots than the page holds images of: the oldest 32 are released on arrival. */
const SHOTS = LIMITS.screenshotImages + 32;

function input(screenshots: boolean): BundleInput {
  const timeline = createFileTimeline({
    name: 'session.jsonl',
    envelopes: Array.from({ length: SHOTS }, (_, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
    })),
    problems: [],
    annotations: [],
    capacity: 1_000,
  });
  const items: TimelineItem[] = [];
  timeline.buffer.forEach((item) => items.push(item));
  return {
    session: { id: 'abc123', created_at: null, ended_at: null },
    app: { name: 'Session Console', version: '9.9.9' },
    created: new Date(T0 / 1000 + 60_000),
    items,
    // as the page reads them: only an image still held has its bytes
    imageBytes: async (item: EventItem) => (item.screenshot?.url ? PNG_DATA : null),
    har: { log: { version: '1.2', creator: { name: 't', version: '1' }, pages: [], entries: [] } },
    logs: [],
    view: '',
    reveal: false,
    screenshots,
  };
}

function joined(chunks: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

async function zipOf(screenshots: boolean): Promise<Uint8Array> {
  return joined(await writeBundleParts(input(screenshots)));
}

function manifestOf(files: Record<string, Uint8Array>): Record<string, unknown> & {
  screenshots: Record<string, unknown>;
} {
  return JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as never;
}

function missingOf(bytes: Uint8Array): string[] {
  const result = readBundle(bytes);
  if (!result.ok) throw new Error(result.reason);
  return result.bundle.missing;
}

describe('writeBundle: the screenshots it could not hold', () => {
  it('counts the released ones in the manifest with the reason, and the opened bundle says it', async () => {
    const bytes = await zipOf(true);
    const files = unzipSync(bytes);
    const { screenshots } = manifestOf(files);
    expect(screenshots.included).toBe(true);
    expect(screenshots.count).toBe(200);
    expect(screenshots.files).toHaveLength(200);
    expect(screenshots.left_out).toBe(32);
    expect(screenshots.why).toBe(
      '32 released, as the page holds only the newest 200 screenshot images (200 MB at most) and the older ones had been released before the bundle was saved',
    );
    // each of them is marked where its image was, the oldest first
    const lines = strFromU8(files['telemetry.jsonl'] ?? new Uint8Array())
      .trim()
      .split('\n');
    const released = lines.flatMap((line, at) =>
      line.includes('"png_released":true') ? [at] : [],
    );
    expect(released).toEqual(Array.from({ length: 32 }, (_, at) => at));

    expect(missingOf(bytes)).toEqual([
      `32 screenshots were saved without their image: ${String(screenshots.why)}`,
    ]);
  });

  it('counts every screenshot as left out when they were not asked for, which the opened bundle says as "saved without screenshots"', async () => {
    const bytes = await zipOf(false);
    const { screenshots } = manifestOf(unzipSync(bytes));
    expect(screenshots).toEqual({
      included: false,
      count: 0,
      files: [],
      left_out: SHOTS,
      why: `${SHOTS} left out as asked (saved without screenshots)`,
    });
    const result = readBundle(bytes);
    if (!result.ok) throw new Error(result.reason);
    expect(result.bundle.facts.screenshotsIncluded).toBe(false);
    expect(result.bundle.missing).toEqual([]);
  });

  it('says none was left out when every image is held', async () => {
    const whole = input(true);
    whole.items = whole.items.slice(-LIMITS.screenshotImages);
    const chunks = await writeBundleParts(whole);
    const { screenshots } = manifestOf(unzipSync(joined(chunks)));
    expect(screenshots.left_out).toBe(0);
    expect(screenshots).not.toHaveProperty('why');
  });

  it('an older bundle, whose manifest does not count them: the opened bundle counts the released images', async () => {
    const files = unzipSync(await zipOf(true));
    const manifest = manifestOf(files);
    delete manifest.screenshots.left_out;
    delete manifest.screenshots.why;
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
    expect(missingOf(zipSync(files))).toEqual([
      '32 screenshots were saved without their image: released, as the page holds only the newest screenshot images and these had been released before the bundle was saved',
    ]);
  });
});

describe('recordings in a bundle', () => {
  it('are stored as they are, named in the manifest, and read back with their times', async () => {
    const video = Uint8Array.from({ length: 4096 }, (_, at) => at % 251);
    const bytes = joined(
      await writeBundleParts({
        ...input(false),
        recordings: [
          {
            replayId: 'rec-1',
            startedAt: '2026-11-25T10:00:00.000Z',
            finishedAt: '2026-11-25T10:00:09.500Z',
            bytes: video,
          },
        ],
      }),
    );
    const manifest = JSON.parse(strFromU8(unzipSync(bytes)['manifest.json'] as Uint8Array)) as {
      recordings: { file: string; replay_id: string; bytes: number }[];
    };
    expect(manifest.recordings).toEqual([
      expect.objectContaining({ file: 'recordings/01.mp4', replay_id: 'rec-1', bytes: 4096 }),
    ]);
    const read = readBundle(bytes);
    if (!read.ok) throw new Error(read.reason);
    expect(read.bundle.recordings).toHaveLength(1);
    const [recording] = read.bundle.recordings;
    expect(recording?.startedAtMs).toBe(Date.parse('2026-11-25T10:00:00.000Z'));
    expect(recording?.finishedAtMs).toBe(Date.parse('2026-11-25T10:00:09.500Z'));
    expect(Array.from(recording?.video ?? [])).toEqual(Array.from(video));
  });

  it('a recording the manifest names but the zip lacks is said to be missing', async () => {
    const bytes = joined(
      await writeBundleParts({
        ...input(false),
        recordings: [
          {
            replayId: 'r',
            startedAt: '2026-11-25T10:00:00Z',
            finishedAt: null,
            bytes: new Uint8Array(8),
          },
        ],
      }),
    );
    const files = unzipSync(bytes);
    delete files['recordings/01.mp4'];
    const read = readBundle(zipSync(files));
    if (!read.ok) throw new Error(read.reason);
    expect(read.bundle.recordings).toEqual([]);
    expect(read.bundle.missing).toContain('recordings/01.mp4: absent');
  });
});
