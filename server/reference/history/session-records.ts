import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserSession } from '../../../src/types/api.ts';
import { HttpError, isRecord } from '../../shared/http.ts';
import { TelemetryArchive } from './telemetry-archive.ts';

/** What the server keeps of every session it ever had: its record and its telemetry history. */
interface Entry {
  record: BrowserSession;
  /** Open while the session lives; opened for a read once it has ended. */
  archive: TelemetryArchive | undefined;
}

export interface ListQuery {
  status: 'active' | 'deleted' | 'all';
  /** Matched against id and name, case-insensitively. */
  query: string;
  tags: Record<string, string>;
  limit: number;
  offset: number;
}

export interface ListPage {
  records: BrowserSession[];
  hasMore: boolean;
  nextOffset: number;
}

/** Names and tags as `POST /browsers` and `PATCH /browsers/{id}` take them; null clears. */
export interface Labels {
  name?: string | null;
  tags?: Record<string, string> | null;
}

const MAX_NAME = 255;
const MAX_TAGS = 50;

/** Reads `name` and `tags` of a create or update body (undefined when absent); 400 when wrong. */
export function parseLabels(body: Record<string, unknown> | undefined): Labels {
  const labels: Labels = {};
  if (body?.name === null) labels.name = null;
  else if (body?.name !== undefined) {
    if (typeof body.name !== 'string' || body.name.length > MAX_NAME)
      throw new HttpError(
        400,
        'bad_request',
        `name must be a string of at most ${MAX_NAME} characters`,
      );
    labels.name = body.name;
  }
  if (body?.tags === null) labels.tags = null;
  else if (body?.tags !== undefined) {
    const tags = body.tags;
    if (!isRecord(tags))
      throw new HttpError(400, 'bad_request', 'tags must be an object of strings');
    const entries = Object.entries(tags);
    if (entries.length > MAX_TAGS)
      throw new HttpError(400, 'bad_request', `at most ${MAX_TAGS} tags, got ${entries.length}`);
    for (const [key, value] of entries) {
      if (typeof value !== 'string' || key.length === 0)
        throw new HttpError(
          400,
          'bad_request',
          `tag ${JSON.stringify(key)} must have a string value`,
        );
    }
    labels.tags = Object.fromEntries(entries) as Record<string, string>;
  }
  return labels;
}

/**
 * Every session of the reference server, live or ended, kept under `dir` (one folder a session:
 * `record.json` and its telemetry archive). Ended sessions stay listable and their history readable
 * until the retention period after they ended; a restart of the server finds them again, and the
 * sessions that were live when it stopped are ended as of their newest event.
 */
export class SessionRecords {
  private readonly entries = new Map<string, Entry>();

  private constructor(
    private readonly dir: string,
    private readonly retentionMs: number,
  ) {}

  static load(dir: string, retentionMs: number, nowMs = Date.now()): SessionRecords {
    const records = new SessionRecords(dir, retentionMs);
    if (!existsSync(dir)) return records;
    for (const id of readdirSync(dir)) {
      const file = path.join(dir, id, 'record.json');
      let record: BrowserSession;
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
        if (!isRecord(parsed) || parsed.session_id !== id) continue;
        record = parsed as unknown as BrowserSession;
      } catch {
        continue;
      }
      if (record.deleted_at === undefined) {
        // it was live when the server stopped: it ended then, as far as anyone can tell
        const archive = TelemetryArchive.open(records.archiveDir(id));
        const newest = archive.newestTs;
        archive.close();
        record.deleted_at = new Date(newest === undefined ? nowMs : newest / 1000).toISOString();
        record.cdp_ws_url = '';
        records.write(record);
      }
      records.entries.set(id, { record, archive: undefined });
    }
    return records;
  }

  /**
   * The session's own folder: what else is kept of it there (its replays) is retired, kept and
   * swept with its record and history.
   */
  sessionDir(id: string): string {
    return path.join(this.dir, id);
  }

  private archiveDir(id: string): string {
    return path.join(this.dir, id, 'telemetry');
  }

  private write(record: BrowserSession): void {
    const file = path.join(this.dir, record.session_id, 'record.json');
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, file);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /**
   * Frees the id of an ended session for a new one (the server's own demo session keeps its id
   * across restarts): the ended one is kept under `<id>-<when it ended>` with its history.
   */
  retire(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.record.deleted_at) return;
    const stamp = entry.record.deleted_at.replace(/[^0-9]/g, '').slice(0, 14);
    let newId = `${id}-${stamp}`;
    for (let n = 2; this.entries.has(newId); n++) newId = `${id}-${stamp}-${n}`;
    renameSync(path.join(this.dir, id), path.join(this.dir, newId));
    this.entries.delete(id);
    const record = { ...entry.record, session_id: newId };
    this.entries.set(newId, { record, archive: undefined });
    this.write(record);
  }

  /** Opens the archive of a session about to be created (its ring writes into it). */
  openArchive(id: string): TelemetryArchive {
    return TelemetryArchive.open(this.archiveDir(id));
  }

  /** A new live session: its record is written; `archive` is the one its ring writes into. */
  created(record: BrowserSession, archive: TelemetryArchive): void {
    const kept = { ...record, cdp_ws_url: '' };
    this.entries.set(record.session_id, { record: kept, archive });
    this.write(kept);
  }

  /** The session's record as kept (no secrets: `cdp_ws_url` is blank). */
  get(id: string): BrowserSession | undefined {
    return this.entries.get(id)?.record;
  }

  /** The live session's record changed (name, tags, telemetry). */
  updated(record: BrowserSession): void {
    const entry = this.entries.get(record.session_id);
    if (!entry) return;
    entry.record = { ...record, cdp_ws_url: '' };
    this.write(entry.record);
  }

  /**
   * The session is being ended (deleted): from now on it is answered as ended, at `at`, while its
   * teardown (a recording's last frames, its browser) finishes; its archive stays open for what
   * that writes, until `deleted`.
   */
  ending(record: BrowserSession, at: Date): void {
    const entry = this.entries.get(record.session_id);
    if (!entry) return;
    entry.record = { ...record, cdp_ws_url: '', deleted_at: at.toISOString() };
  }

  /** The session ended: its record says when; its history stays. */
  deleted(record: BrowserSession, at: Date): void {
    const entry = this.entries.get(record.session_id);
    if (!entry) return;
    entry.archive?.close();
    entry.record = { ...record, cdp_ws_url: '', deleted_at: at.toISOString() };
    entry.archive = undefined;
    this.write(entry.record);
  }

  /** The stored record of an ended session (live ones answer from the session itself). */
  ended(id: string): BrowserSession | undefined {
    const record = this.entries.get(id)?.record;
    return record?.deleted_at === undefined ? undefined : record;
  }

  /** Runs `read` on a session's archive: its open one while live, opened for the read after. */
  async withArchive<T>(id: string, read: (archive: TelemetryArchive) => Promise<T>): Promise<T> {
    const entry = this.entries.get(id);
    if (!entry) throw new HttpError(404, 'not_found', `browser session ${id} not found`);
    if (entry.archive) return read(entry.archive);
    const archive = TelemetryArchive.open(this.archiveDir(id));
    try {
      return await read(archive);
    } finally {
      archive.close();
    }
  }

  /** The sessions list: newest first; `live` gives the current record of a live session. */
  list(query: ListQuery, live: (id: string) => BrowserSession | undefined): ListPage {
    const needle = query.query.toLowerCase();
    const tagPairs = Object.entries(query.tags);
    const matching: BrowserSession[] = [];
    for (const [id, entry] of this.entries) {
      const record =
        entry.record.deleted_at === undefined ? (live(id) ?? entry.record) : entry.record;
      const deleted = record.deleted_at !== undefined;
      if (query.status === 'active' && deleted) continue;
      if (query.status === 'deleted' && !deleted) continue;
      if (
        needle !== '' &&
        !id.toLowerCase().includes(needle) &&
        !(record.name ?? '').toLowerCase().includes(needle)
      )
        continue;
      if (tagPairs.some(([key, value]) => record.tags?.[key] !== value)) continue;
      matching.push(record);
    }
    matching.sort(
      (a, b) =>
        b.created_at.localeCompare(a.created_at) || a.session_id.localeCompare(b.session_id),
    );
    const records = matching.slice(query.offset, query.offset + query.limit);
    const end = query.offset + records.length;
    const hasMore = end < matching.length;
    return { records, hasMore, nextOffset: hasMore ? end : 0 };
  }

  /** Forgets ended sessions older than the retention period, with their history. */
  async sweep(nowMs = Date.now()): Promise<string[]> {
    const gone: string[] = [];
    for (const [id, entry] of this.entries) {
      const ended = entry.record.deleted_at;
      if (ended === undefined || nowMs - Date.parse(ended) < this.retentionMs) continue;
      this.entries.delete(id);
      gone.push(id);
      await rm(path.join(this.dir, id), { recursive: true, force: true });
    }
    return gone;
  }

  /** Closes the archives of live sessions (the server stops; their records stay as they are). */
  close(): void {
    for (const entry of this.entries.values()) entry.archive?.close();
  }
}
