import type { SavedLine } from '../../features/logs/api/log-decoder';
import { logSourceLabel, type LogSource } from '../../features/logs/api/log-stream';
import {
  parseJsonl,
  type JsonlAnnotationLine,
  type JsonlEnvelope,
  type JsonlProblem,
} from '../../entities/session-events/model/jsonl';
import { LIMITS } from '../../config/limits';
import { isRecord } from '../../lib/is-record';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MANIFEST_FILE,
  TELEMETRY_FILE,
  type BundleLogPart,
} from './bundle-format';
import { BundleParts, type BundleLimits } from './bundle-parts';
import { readZipDirectory } from './zip-directory';

export interface OpenedLog {
  source: LogSource;
  label: string;
  lines: SavedLine[];
  filters: BundleLogPart['filters'] | null;
}

/** What the manifest says of the bundle as a whole, each field checked (null: not stated). */
export interface BundleFacts {
  sessionId: string | null;
  /** When the session was created (relative times count from it, as in the live view). */
  sessionCreated: string | null;
  /** When the bundle was saved. */
  created: string | null;
  secrets: 'masked' | 'included' | null;
  screenshotsIncluded: boolean | null;
  /** The session view's URL parameters when it was made. */
  view: string;
}

export interface OpenedBundle {
  facts: BundleFacts;
  envelopes: JsonlEnvelope[];
  problems: JsonlProblem[];
  annotations: JsonlAnnotationLine[];
  logs: OpenedLog[];
  /** The screen recordings saved in it, oldest first. */
  recordings: OpenedRecording[];
  /** Parts the manifest names that are absent or unreadable, each said plainly. */
  missing: string[];
}

export interface OpenedRecording {
  replayId: string;
  startedAtMs: number;
  finishedAtMs: number | null;
  /** The MP4's bytes. */
  video: Uint8Array;
}

/** The recordings the manifest names, read from their files; each one lost is said. */
function readRecordings(stated: unknown, parts: BundleParts): OpenedRecording[] {
  if (!Array.isArray(stated)) return [];
  const found: OpenedRecording[] = [];
  for (const entry of stated as unknown[]) {
    const file = isRecord(entry) ? str(entry.file) : null;
    const replayId = isRecord(entry) ? str(entry.replay_id) : null;
    const startedAtMs = isRecord(entry) ? Date.parse(str(entry.started_at) ?? '') : Number.NaN;
    if (!isRecord(entry) || !file || !replayId || Number.isNaN(startedAtMs)) {
      parts.missing.push('a recording the manifest names without its file, id or start');
      continue;
    }
    const video = parts.bytesOf(file);
    if (!video) continue;
    const finished = Date.parse(str(entry.finished_at) ?? '');
    found.push({
      replayId,
      startedAtMs,
      finishedAtMs: Number.isNaN(finished) ? null : finished,
      video,
    });
  }
  return found.sort((a, b) => a.startedAtMs - b.startedAtMs);
}

export type BundleRead = { ok: true; bundle: OpenedBundle } | { ok: false; reason: string };

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readSource(value: unknown): LogSource | null {
  if (!isRecord(value)) return null;
  const { kind, target, follow } = value;
  if ((kind !== 'path' && kind !== 'supervisor') || typeof target !== 'string') return null;
  return { kind, target, follow: follow === true };
}

function readFilters(value: unknown): BundleLogPart['filters'] | null {
  if (!isRecord(value)) return null;
  const levels = Array.isArray(value.hidden_levels)
    ? value.hidden_levels.filter((level): level is string => typeof level === 'string')
    : [];
  return {
    include: str(value.include) ?? '',
    exclude: str(value.exclude) ?? '',
    search: str(value.search) ?? '',
    hidden_levels: levels,
    time_source: str(value.time_source) ?? 'auto',
  };
}

/** A .log and its SavedLinesMeta as lines again; the meta's problems said, never fatal. */
function readLog(
  text: string,
  metaText: string | null,
  name: string,
  missing: string[],
): SavedLine[] {
  const physical = text.split('\n');
  if (physical.at(-1) === '') physical.pop();
  let meta: Record<string, unknown> | null = null;
  if (metaText === null) missing.push(`${name}: its read times are missing; lines show their own`);
  else {
    try {
      const parsed: unknown = JSON.parse(metaText);
      meta = isRecord(parsed) ? parsed : null;
    } catch {
      meta = null;
    }
    if (!meta) missing.push(`${name}: its read times could not be read; lines show their own`);
  }
  const spans = new Map<number, number>();
  if (meta && Array.isArray(meta.spans)) {
    for (const span of meta.spans) {
      if (!Array.isArray(span)) continue;
      const [at, count] = span as unknown[];
      if (Number.isSafeInteger(at) && Number.isSafeInteger(count) && (count as number) > 1)
        spans.set(at as number, count as number);
    }
  }
  const notices = new Set<number>(
    meta && Array.isArray(meta.notices)
      ? meta.notices.filter((at): at is number => Number.isSafeInteger(at))
      : [],
  );
  const reads = meta && Array.isArray(meta.read_ms) ? (meta.read_ms as unknown[]) : [];
  const lines: SavedLine[] = [];
  let readMs: number | null = null;
  for (let at = 0; at < physical.length;) {
    const index = lines.length;
    const count = spans.get(index) ?? 1;
    const text = count > 1 ? physical.slice(at, at + count).join('\n') : (physical[at] as string);
    at += count;
    const step = reads[index];
    let time = Number.NaN;
    if (typeof step === 'number' && Number.isFinite(step)) {
      readMs = readMs === null ? step : readMs + step;
      time = readMs;
    }
    lines.push({ text, readMs: time, notice: notices.has(index) });
  }
  if (meta && reads.length !== lines.length)
    missing.push(
      `${name}: ${lines.length.toLocaleString('en-US')} lines but read times for ${reads.length.toLocaleString('en-US')}`,
    );
  return lines;
}

/**
 * A screenshot's image from its file, back in `png`; the file missing or not read is said. Each
 * file is read for one screenshot: the bundle writes one file per screenshot, and one file
 * named again and again would be unpacked and copied again and again.
 */
function restoreImages(envelopes: JsonlEnvelope[], parts: BundleParts): void {
  const repeats = new Map<string, number>();
  for (const envelope of envelopes) {
    const data = envelope.event.data;
    if (envelope.event.type !== 'monitor_screenshot' || !data) continue;
    const name = data.png_file;
    if (typeof name !== 'string') continue;
    const seen = repeats.get(name);
    repeats.set(name, (seen ?? 0) + 1);
    const bytes = seen === undefined ? parts.bytesOf(name) : null;
    const rest = { ...data };
    delete rest.png_file;
    if (bytes) rest.png = base64(bytes);
    envelope.event = { ...envelope.event, data: rest };
  }
  for (const [name, count] of repeats)
    if (count > 1)
      parts.missing.push(
        `${name}: named by ${count.toLocaleString('en-US')} screenshots; only the first shows it`,
      );
}

/**
 * The screenshots saved without their image although asked for, said with the manifest's reason;
 * for a bundle whose manifest does not count them, the events marked `png_released`.
 */
function screenshotsLeftOut(stated: unknown, envelopes: JsonlEnvelope[]): string | null {
  const manifest = isRecord(stated) ? stated : {};
  if (manifest.included === false) return null; // said as "saved without screenshots"
  const { left_out: count, why } = manifest;
  if (typeof count === 'number' && Number.isSafeInteger(count)) {
    if (count <= 0) return null;
    const reason = typeof why === 'string' && why ? why : 'the bundle does not say why';
    return `${count.toLocaleString('en-US')} screenshots were saved without their image: ${reason}`;
  }
  const released = envelopes.filter(
    (envelope) =>
      envelope.event.type === 'monitor_screenshot' && envelope.event.data?.png_released === true,
  ).length;
  if (released === 0) return null;
  return `${released.toLocaleString('en-US')} screenshots were saved without their image: released, as the page holds only the newest screenshot images and these had been released before the bundle was saved`;
}

/**
 * Reads a debug bundle (bundle-format.ts). Never throws: a file that is not one gets a reason, and
 * a bundle with parts missing, unreadable or beyond what the page reads (`limits`) opens with what
 * it has, each loss said. A zip with two entries of one name is refused: which one is meant
 * cannot be known. The page runs it in a worker (bundle.worker.ts), off its own thread.
 */
export function readBundle(bytes: Uint8Array, limits: BundleLimits = LIMITS.bundle): BundleRead {
  const directory = readZipDirectory(bytes, limits.maxEntries);
  if (!directory.ok) return { ok: false, reason: directory.reason };
  const parts = new BundleParts(bytes, directory.entries, limits);
  if (!directory.entries.has(MANIFEST_FILE))
    return { ok: false, reason: `it has no ${MANIFEST_FILE}: not a Session Console bundle` };
  const manifestText = parts.textOf(MANIFEST_FILE, null, null);
  if (manifestText === null)
    return {
      ok: false,
      reason: `its ${MANIFEST_FILE} cannot be read (${parts.missing.join('; ')})`,
    };
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    return { ok: false, reason: `its ${MANIFEST_FILE} is not JSON` };
  }
  if (!isRecord(manifest) || manifest.format !== BUNDLE_FORMAT)
    return { ok: false, reason: `its ${MANIFEST_FILE} is not a Session Console bundle’s` };
  if (typeof manifest.version !== 'number' || manifest.version > BUNDLE_VERSION)
    return {
      ok: false,
      reason: `it was made by a newer Session Console (bundle version ${String(manifest.version)}; this one reads ${BUNDLE_VERSION})`,
    };

  const telemetry = isRecord(manifest.telemetry) ? manifest.telemetry : {};
  const telemetryFile = str(telemetry.file) ?? TELEMETRY_FILE;
  const logParts = Array.isArray(manifest.logs) ? (manifest.logs as unknown[]) : [];
  const telemetryText = parts.textOf(telemetryFile, 'events');
  const { envelopes, problems, annotations } = parseJsonl(telemetryText ?? '');
  restoreImages(envelopes, parts);
  const leftOut = screenshotsLeftOut(manifest.screenshots, envelopes);
  if (leftOut) parts.missing.push(leftOut);

  const logs: OpenedLog[] = [];
  for (const part of logParts) {
    const source = isRecord(part) ? readSource(part.source) : null;
    const file = isRecord(part) ? str(part.file) : null;
    if (!isRecord(part) || !source || !file) {
      parts.missing.push('a log stream the manifest names without its source or file');
      continue;
    }
    const text = parts.textOf(file, 'lines');
    if (text === null) continue;
    const metaName = str(part.lines_file);
    const meta = metaName ? parts.textOf(metaName, null, null) : null;
    logs.push({
      source,
      label: logSourceLabel(source),
      lines: readLog(text, meta, file, parts.missing),
      filters: readFilters(part.filters),
    });
  }
  return {
    ok: true,
    bundle: {
      facts: {
        sessionId: isRecord(manifest.session) ? str(manifest.session.id) : null,
        sessionCreated: isRecord(manifest.session) ? str(manifest.session.created_at) : null,
        created: str(manifest.created),
        secrets:
          manifest.secrets === 'masked' || manifest.secrets === 'included'
            ? manifest.secrets
            : null,
        screenshotsIncluded:
          isRecord(manifest.screenshots) && typeof manifest.screenshots.included === 'boolean'
            ? manifest.screenshots.included
            : null,
        view: str(manifest.view) ?? '',
      },
      envelopes,
      problems,
      annotations,
      logs,
      recordings: readRecordings(manifest.recordings, parts),
      missing: parts.missing,
    },
  };
}
