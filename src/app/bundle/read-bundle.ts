import { strFromU8, unzipSync, type Unzipped } from 'fflate';
import type { SavedLine } from '../../features/logs/api/log-decoder';
import { logSourceLabel, type LogSource } from '../../features/logs/api/log-stream';
import {
  parseJsonl,
  type JsonlAnnotationLine,
  type JsonlEnvelope,
  type JsonlProblem,
} from '../../features/telemetry/model/jsonl';
import { isRecord } from '../../lib/is-record';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MANIFEST_FILE,
  TELEMETRY_FILE,
  type BundleLogPart,
} from './bundle-format';

/** More than this, unpacked, is not read (a zip can claim any size: this is what a tab can hold). */
export const BUNDLE_MAX_BYTES = 768 * 1024 * 1024;

export interface OpenedLog {
  source: LogSource;
  label: string;
  lines: SavedLine[];
  filters: BundleLogPart['filters'] | null;
}

/** What the manifest says of the bundle as a whole, each field checked (null: not stated). */
export interface BundleFacts {
  sessionId: string | null;
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
  /** Parts the manifest names that are absent or unreadable, each said plainly. */
  missing: string[];
}

export type BundleRead = { ok: true; bundle: OpenedBundle } | { ok: false; reason: string };

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

function unzip(bytes: Uint8Array, wanted: (name: string) => boolean): Unzipped {
  let total = 0;
  return unzipSync(bytes, {
    filter: (file) => {
      if (!wanted(file.name)) return false;
      total += file.originalSize;
      if (total > BUNDLE_MAX_BYTES)
        throw new Error(
          `it unpacks to more than ${BUNDLE_MAX_BYTES / 1024 / 1024} MB, more than a tab can hold`,
        );
      return true;
    },
  });
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

/** A screenshot's image from its file, back in `png`; the file missing is said. */
function restoreImages(envelopes: JsonlEnvelope[], files: Unzipped, missing: string[]): void {
  for (const envelope of envelopes) {
    const data = envelope.event.data;
    if (envelope.event.type !== 'monitor_screenshot' || !data) continue;
    const name = data.png_file;
    if (typeof name !== 'string') continue;
    const bytes = files[name];
    const rest = { ...data };
    delete rest.png_file;
    if (bytes) rest.png = base64(bytes);
    else missing.push(`${name}: absent`);
    envelope.event = { ...envelope.event, data: rest };
  }
}

/**
 * Reads a debug bundle (bundle-format.ts). Never throws: a file that is not one gets a reason, and
 * a bundle with parts missing or unreadable opens with what it has, each loss said.
 */
export function readBundle(bytes: Uint8Array): BundleRead {
  let first: Unzipped;
  try {
    first = unzip(bytes, (name) => name === MANIFEST_FILE);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `it is not a zip file that can be read (${why})` };
  }
  const manifestBytes = first[MANIFEST_FILE];
  if (!manifestBytes)
    return { ok: false, reason: `it has no ${MANIFEST_FILE}: not a Session Console bundle` };
  let manifest: unknown;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes));
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
  const wanted = new Set<string>([telemetryFile]);
  for (const part of logParts) {
    if (!isRecord(part)) continue;
    for (const name of [str(part.file), str(part.lines_file)]) if (name) wanted.add(name);
  }
  let files: Unzipped;
  try {
    files = unzip(bytes, (name) => wanted.has(name) || name.startsWith('screenshots/'));
  } catch (error) {
    return {
      ok: false,
      reason: `its parts cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }

  const missing: string[] = [];
  const telemetryBytes = files[telemetryFile];
  if (!telemetryBytes) missing.push(`${telemetryFile}: absent`);
  const { envelopes, problems, annotations } = parseJsonl(
    telemetryBytes ? strFromU8(telemetryBytes) : '',
  );
  restoreImages(envelopes, files, missing);

  const logs: OpenedLog[] = [];
  for (const part of logParts) {
    const source = isRecord(part) ? readSource(part.source) : null;
    const file = isRecord(part) ? str(part.file) : null;
    if (!isRecord(part) || !source || !file) {
      missing.push('a log stream the manifest names without its source or file');
      continue;
    }
    const text = files[file];
    if (!text) {
      missing.push(`${file}: absent`);
      continue;
    }
    const metaName = str(part.lines_file);
    const meta = metaName ? files[metaName] : undefined;
    logs.push({
      source,
      label: logSourceLabel(source),
      lines: readLog(strFromU8(text), meta ? strFromU8(meta) : null, file, missing),
      filters: readFilters(part.filters),
    });
  }
  return {
    ok: true,
    bundle: {
      facts: {
        sessionId: isRecord(manifest.session) ? str(manifest.session.id) : null,
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
      missing,
    },
  };
}
