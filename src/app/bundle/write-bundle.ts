import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { LogSource } from '../../features/logs/api/log-stream';
import type { LogLine } from '../../features/logs/stores/log-buffer';
import type { Har } from '../../features/network/model/har';
import { jsonlParts, sessionFileStem } from '../../entities/session-events/model/jsonl';
import type { EventItem, TimelineItem } from '../../entities/session-events/model/types';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  HAR_FILE,
  logFileStem,
  MANIFEST_FILE,
  screenshotFile,
  TELEMETRY_FILE,
  type BundleGap,
  type BundleLogPart,
  type BundleManifest,
  type BundleRecording,
  type SavedLinesMeta,
} from './bundle-format';
import { leftOutCount, leftOutWhy, noneLeftOut } from './bundle-screenshots';

/** Text goes into the zip in pieces of about this many characters. */
const PIECE_CHARS = 1 << 20;

export interface BundleLogInput {
  source: LogSource;
  label: string;
  lines: readonly LogLine[];
  filters: BundleLogPart['filters'];
}

export interface RecordingInput {
  replayId: string;
  startedAt: string;
  finishedAt: string | null;
  bytes: Uint8Array;
}

export interface BundleInput {
  session: BundleManifest['session'];
  app: BundleManifest['app'];
  created: Date;
  /** Every retained item of the timeline, in order. */
  items: readonly TimelineItem[];
  /** A screenshot's PNG; null when its image was released (counted in the manifest's left_out). */
  imageBytes: (item: EventItem) => Promise<Uint8Array | null>;
  har: Har;
  logs: readonly BundleLogInput[];
  /** The session view's URL parameters. */
  view: string;
  /** Keep secret headers as they were (else masked). */
  reveal: boolean;
  /** Put the screenshots in. */
  screenshots: boolean;
  /** The session's screen recordings to put in (MP4 files, stored as they are). */
  recordings?: readonly RecordingInput[];
  /** Told what is being written; awaited, so the page can draw between parts. */
  progress?: (text: string) => void | Promise<void>;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The earliest and latest moment among the events and lines (their stated or read times). */
function timeRange(input: BundleInput): BundleManifest['time_range'] {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const see = (ms: number): void => {
    if (!Number.isFinite(ms)) return;
    if (ms < from) from = ms;
    if (ms > to) to = ms;
  };
  for (const item of input.items) if (item.kind === 'event') see(item.tsUs / 1000);
  for (const log of input.logs) {
    for (const line of log.lines) {
      if (line.notice) continue;
      see(Number.isNaN(line.statedMs) ? line.timeMs : line.statedMs);
    }
  }
  return Number.isFinite(from) ? { from: iso(from), to: iso(to) } : null;
}

/** What the .log cannot say of its lines: read times as differences, notices, multi-line lines. */
function linesMeta(lines: readonly LogLine[]): SavedLinesMeta {
  const meta: SavedLinesMeta = { read_ms: [], notices: [], spans: [] };
  let previous: number | null = null;
  lines.forEach((line, at) => {
    if (Number.isFinite(line.timeMs)) {
      meta.read_ms.push(previous === null ? line.timeMs : line.timeMs - previous);
      previous = line.timeMs;
    } else meta.read_ms.push(null);
    if (line.notice) meta.notices.push(at);
    const breaks = line.plain.split('\n').length;
    if (breaks > 1) meta.spans.push([at, breaks]);
  });
  return meta;
}

function gapsOf(items: readonly TimelineItem[]): BundleGap[] {
  const gaps: BundleGap[] = [];
  for (const item of items) {
    if (item.kind !== 'gap') continue;
    const size = item.to - item.from + 1;
    gaps.push({
      at: iso(item.tsUs / 1000),
      from: item.from,
      to: item.to,
      cause: item.cause,
      ...(item.recovered === undefined ? {} : { recovered: item.recovered }),
      missing: Math.max(0, size - (item.recovered ?? 0)),
    });
  }
  return gaps;
}

/**
 * Writes the debug bundle (bundle-format.ts) as a .zip, a part at a time: text is deflated,
 * images (already compressed) stored. Runs on the page (the content security policy allows no
 * worker made from a Blob), so it yields to `progress` between parts.
 */
export async function writeBundle(input: BundleInput): Promise<Blob> {
  return new Blob((await writeBundleParts(input)) as BlobPart[], { type: 'application/zip' });
}

/** writeBundle's bytes, in the pieces the zip was written in. */
export async function writeBundleParts(input: BundleInput): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else chunks.push(data);
  });
  const mtime = input.created;
  const addText = async (name: string, pieces: Iterable<string>): Promise<void> => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for (const piece of pieces) file.push(strToU8(piece));
    file.push(new Uint8Array(0), true);
    if (failure) throw failure;
    await input.progress?.(`Wrote ${name}`);
  };

  // telemetry: secrets masked unless asked for, each image a file of its own (or left out)
  const screenshotFiles: string[] = [];
  const images: { name: string; bytes: Uint8Array }[] = [];
  // every screenshot event whose image is not in the bundle is counted, with its reason
  const leftOut = noneLeftOut();
  let events = 0;
  const parts = await jsonlParts(input.items, async () => null, {
    reveal: input.reveal,
    rewrite: async (item, kept) => {
      events += 1;
      if (item.type !== 'monitor_screenshot') return kept;
      if (!item.screenshot || !kept) {
        leftOut.withoutImage += 1;
        return kept;
      }
      const rest = { ...kept };
      delete rest.png;
      if (!input.screenshots) {
        leftOut.notAsked += 1;
        return { ...rest, png_omitted: true };
      }
      const bytes = await input.imageBytes(item);
      if (!bytes) {
        leftOut.released += 1;
        return { ...rest, png_released: true };
      }
      const name = screenshotFile(screenshotFiles.length + 1);
      screenshotFiles.push(name);
      images.push({ name, bytes });
      return { ...rest, png_file: name };
    },
  });
  await addText(TELEMETRY_FILE, parts);
  await addText(HAR_FILE, [JSON.stringify(input.har, null, 1)]);

  const logs: BundleLogPart[] = [];
  for (const [at, log] of input.logs.entries()) {
    const stem = `logs/${logFileStem(at, log.label)}`;
    const part: BundleLogPart = {
      file: `${stem}.log`,
      lines_file: `${stem}.lines.json`,
      source: log.source,
      lines: log.lines.length,
      filters: log.filters,
    };
    await addText(part.file, textPieces(log.lines));
    await addText(part.lines_file, [JSON.stringify(linesMeta(log.lines))]);
    logs.push(part);
  }

  for (const image of images) {
    const file = new ZipPassThrough(image.name);
    file.mtime = mtime;
    zip.add(file);
    file.push(image.bytes, true);
  }

  const recordings: BundleRecording[] = [];
  for (const [at, recording] of (input.recordings ?? []).entries()) {
    const name = `recordings/${String(at + 1).padStart(2, '0')}.mp4`;
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    zip.add(file);
    file.push(recording.bytes, true);
    if (failure) throw failure;
    recordings.push({
      file: name,
      replay_id: recording.replayId,
      started_at: recording.startedAt,
      finished_at: recording.finishedAt,
      bytes: recording.bytes.byteLength,
    });
    await input.progress?.(`Wrote ${name}`);
  }

  const marks = input.items.flatMap((item) =>
    item.kind === 'marker' && item.marker === 'mark'
      ? [{ at: iso(item.tsUs / 1000), text: item.text }]
      : [],
  );
  const why = leftOutWhy(leftOut);
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    created: input.created.toISOString(),
    app: input.app,
    session: input.session,
    time_range: timeRange(input),
    secrets: input.reveal ? 'included' : 'masked',
    telemetry: { file: TELEMETRY_FILE, events, marks, gaps: gapsOf(input.items) },
    network: { file: HAR_FILE, requests: input.har.log.entries.length },
    logs,
    screenshots: {
      included: input.screenshots,
      count: screenshotFiles.length,
      files: screenshotFiles,
      left_out: leftOutCount(leftOut),
      ...(why === null ? {} : { why }),
    },
    view: input.view,
    ...(recordings.length > 0 ? { recordings } : {}),
  };
  await addText(MANIFEST_FILE, [JSON.stringify(manifest, null, 2)]);
  zip.end();
  if (failure) throw failure;
  return chunks;
}

/** A stream's lines as the text of its .log, in pieces. */
function* textPieces(lines: readonly LogLine[]): Generator<string> {
  let piece: string[] = [];
  let chars = 0;
  for (const line of lines) {
    piece.push(line.plain, '\n');
    chars += line.plain.length + 1;
    if (chars >= PIECE_CHARS) {
      yield piece.join('');
      piece = [];
      chars = 0;
    }
  }
  if (piece.length > 0) yield piece.join('');
}

/** `bundle-<session>-YYYYMMDD-HHMM.zip` (see sessionFileStem). */
export function bundleFileName(sessionId: string, when: Date): string {
  return `${sessionFileStem('bundle', sessionId, when)}.zip`;
}
