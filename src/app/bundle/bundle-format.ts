/**
 * A debug bundle: one .zip a person attaches to a bug report, which this dashboard opens again
 * with no server. Its parts:
 *
 * - `manifest.json`: what the bundle holds (BundleManifest), read first.
 * - `telemetry.jsonl`: the timeline as Export writes it (envelopes and `session_console` notes of
 *   marks, gaps, restarts). A screenshot's image is not inline: its data names its file
 *   (`png_file`), or says it was left out (`png_omitted`).
 * - `network.har`: the requests as HAR 1.2.
 * - `logs/NN-name.log`: each open log stream, one line per line as written (escapes removed), and
 *   beside it `logs/NN-name.lines.json` (SavedLinesMeta): when each line was read, which lines are
 *   the dashboard's notices, and which span more than one line of the file.
 * - `screenshots/NNNNNN.png`: every screenshot still held, in time order, unless left out. The
 *   page holds only the newest images (LIMITS.screenshotImages, screenshotImageBytes): an older
 *   screenshot's event says `png_released`, and the manifest counts them in `left_out` with `why`.
 */
import type { LogSource } from '../../features/logs/api/log-stream';

export const BUNDLE_FORMAT = 'session-console-bundle';
export const BUNDLE_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const TELEMETRY_FILE = 'telemetry.jsonl';
export const HAR_FILE = 'network.har';

export interface BundleLogPart {
  /** The .log file. */
  file: string;
  /** Its SavedLinesMeta. */
  lines_file: string;
  source: LogSource;
  lines: number;
  /** What the stream's view was narrowed to when the bundle was made. */
  filters: {
    include: string;
    exclude: string;
    search: string;
    hidden_levels: string[];
    time_source: string;
  };
}

export interface BundleGap {
  /** When the gap was seen (ISO). */
  at: string;
  /** First and last missing seq. */
  from: number;
  to: number;
  cause: string;
  /** Read back from the session's history and put in place; absent when nobody asked. */
  recovered?: number;
  /** Still missing. */
  missing: number;
}

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  created: string;
  app: { name: string; version: string };
  session: { id: string; created_at: string | null; ended_at: string | null };
  /** The first and last moment the bundle holds (events and lines), ISO; null when empty. */
  time_range: { from: string; to: string } | null;
  /** `masked`: secret headers read `<masked>` in telemetry and HAR; log lines are as written. */
  secrets: 'masked' | 'included';
  telemetry: {
    file: string;
    events: number;
    marks: { at: string; text: string }[];
    gaps: BundleGap[];
  };
  network: { file: string; requests: number };
  logs: BundleLogPart[];
  screenshots: {
    /** Whether screenshots were asked for (the form's Screenshots box). */
    included: boolean;
    /** The images in the bundle, one file each. */
    count: number;
    files: string[];
    /** Screenshot events of the telemetry whose image is not in the bundle. */
    left_out: number;
    /** Why they were left out, a clause per reason (absent when none was). */
    why?: string;
  };
  /** The session view's state when the bundle was made (filters, range, pane), as its URL keeps it. */
  view: string;
  /** The session's screen recordings saved in it (absent in bundles made before they could be). */
  recordings?: BundleRecording[];
}

/** A screen recording (replay) saved in a bundle: an MP4 file and when it started and finished. */
export interface BundleRecording {
  file: string;
  replay_id: string;
  started_at: string;
  finished_at: string | null;
  bytes: number;
}

/** Beside each .log: what the text alone cannot say. */
export interface SavedLinesMeta {
  /** When each line was read (Unix ms): the first as is, each next as the difference; null: unknown. */
  read_ms: (number | null)[];
  /** Indexes of the lines that are the dashboard's notices (reconnected, marks), not the stream's. */
  notices: number[];
  /** `[index, n]`: line `index` spans n lines of the .log (it held line breaks). */
  spans: [number, number][];
}

/** `NN-name` for a stream's files: its place and its label kept to safe characters. */
export function logFileStem(at: number, label: string): string {
  const safe =
    label
      .replace(/\.log$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[_.]+|_+$/g, '')
      .slice(0, 60) || 'log';
  return `${String(at + 1).padStart(2, '0')}-${safe}`;
}

/** `screenshots/000042.png`: the n-th screenshot (seqs repeat after a restart, so not by seq). */
export function screenshotFile(n: number): string {
  return `screenshots/${String(n).padStart(6, '0')}.png`;
}
