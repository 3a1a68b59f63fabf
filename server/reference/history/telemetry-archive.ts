import {
  appendFileSync,
  closeSync,
  existsSync,
  ftruncateSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

/**
 * Entries per block, and bytes at which a block closes early: a page is read a block at a time,
 * so one read never touches more than about a megabyte beyond what it returns.
 */
const BLOCK_ENTRIES = 256;
const BLOCK_BYTES = 1024 * 1024;

/**
 * How long appended events wait to be written, at most: a batch a few times a frame costs far less
 * than a write per event loop turn under a flood, and reads write what waits first.
 */
const FLUSH_MS = 20;

/** A run of consecutive entries in the events file, with the range of their times. */
interface Block {
  /** Ordinal (position in the archive, from 0) of its first entry. */
  first: number;
  count: number;
  /** Byte offset of its first entry in the events file, and its length in bytes. */
  offset: number;
  bytes: number;
  minTs: number;
  maxTs: number;
}

export interface ArchiveQuery {
  order: 'asc' | 'desc';
  /** Entries examined at most (the category filter applies within them, as upstream does). */
  limit: number;
  /** The cursor of a previous page (`X-Next-Offset`). */
  offset: number | undefined;
  /** Window in event time (µs), `until` exclusive. */
  sinceUs: number;
  untilUs: number;
  categories: ReadonlySet<string> | null;
}

export interface ArchivePage {
  /** The envelopes' JSON texts, in the order asked for. */
  entries: string[];
  hasMore: boolean;
  /** Where the next page starts; 0 on the last page. */
  nextOffset: number;
}

interface Entry {
  ts: number;
  category: string;
  json: string;
}

function parseLine(line: string): Entry | undefined {
  const tab1 = line.indexOf('\t');
  const tab2 = tab1 < 0 ? -1 : line.indexOf('\t', tab1 + 1);
  if (tab2 < 0) return undefined;
  const ts = Number(line.slice(0, tab1));
  return { ts, category: line.slice(tab1 + 1, tab2), json: line.slice(tab2 + 1) };
}

/**
 * A session's telemetry, every event as it is published, on disk: an append-only events file
 * (one line per envelope, its time and category in front so a read filters without parsing JSON)
 * and a blocks file that indexes it every 256 entries with their time range. Memory is the block
 * index (a few numbers per 256 events) and what waits to be written in this tick; a page reads
 * only the blocks it needs. Survives the session's end and a restart of the server.
 */
export class TelemetryArchive {
  private readonly eventsFile: string;
  private readonly blocksFile: string;
  private readonly blocks: Block[] = [];
  private fd: number;
  /** Bytes in the events file, and lines waiting to be written (with their byte count). */
  private written = 0;
  private pending: string[] = [];
  /** The times of the pending lines, for the index. */
  private pendingTs: number[] = [];
  private flushScheduled = false;
  private closed = false;
  private newest = Number.NEGATIVE_INFINITY;

  private constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.eventsFile = path.join(dir, 'events.log');
    this.blocksFile = path.join(dir, 'blocks.jsonl');
    this.fd = openSync(this.eventsFile, 'a+');
    this.load();
  }

  /** Opens (or creates) the archive kept in `dir`. */
  static open(dir: string): TelemetryArchive {
    return new TelemetryArchive(dir);
  }

  /** Entries archived so far. */
  get count(): number {
    const last = this.blocks.at(-1);
    return last ? last.first + last.count : 0;
  }

  /** Time (µs) of the newest archived event, if any. */
  get newestTs(): number | undefined {
    return this.newest === Number.NEGATIVE_INFINITY ? undefined : this.newest;
  }

  /** Archives one envelope (its JSON as the stream sends it), written within FLUSH_MS. */
  append(ts: number, category: string, json: string): void {
    if (this.closed) return;
    const at = Number.isFinite(ts) ? Math.trunc(ts) : 0;
    this.pending.push(`${at}\t${category.replace(/[\t\n]/g, ' ')}\t${json}\n`);
    this.pendingTs.push(at);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), FLUSH_MS);
    }
  }

  /**
   * Writes what waits, and indexes it (line lengths are found in the bytes written, one native
   * scan for the whole batch). Reads call it first, so they see every event published before.
   */
  flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || this.closed) return;
    const buffer = Buffer.from(this.pending.join(''));
    const times = this.pendingTs;
    this.pending = [];
    this.pendingTs = [];
    let done = 0;
    while (done < buffer.length) done += writeSync(this.fd, buffer, done);
    let start = 0;
    for (let line = 0; line < times.length; line++) {
      const end = buffer.indexOf(10, start);
      this.index(end + 1 - start, times[line] as number, this.written + start);
      start = end + 1;
    }
    this.written += buffer.length;
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    closeSync(this.fd);
  }

  /** One page of the archive, as the history endpoint answers it. */
  async read(query: ArchiveQuery): Promise<ArchivePage> {
    this.flush();
    const handle = await open(this.eventsFile, 'r');
    try {
      const readBlock = async (block: Block): Promise<string[]> => {
        const buffer = Buffer.alloc(block.bytes);
        let done = 0;
        while (done < block.bytes) {
          const { bytesRead } = await handle.read(
            buffer,
            done,
            block.bytes - done,
            block.offset + done,
          );
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return buffer.toString('utf8', 0, done).split('\n');
      };
      return query.order === 'asc'
        ? await this.readUp(query, readBlock)
        : await this.readDown(query, readBlock);
    } finally {
      await handle.close();
    }
  }

  private overlaps(block: Block, query: ArchiveQuery): boolean {
    return block.maxTs >= query.sinceUs && block.minTs < query.untilUs;
  }

  private inWindow(entry: Entry, query: ArchiveQuery): boolean {
    return entry.ts >= query.sinceUs && entry.ts < query.untilUs;
  }

  private async readUp(
    query: ArchiveQuery,
    readBlock: (block: Block) => Promise<string[]>,
  ): Promise<ArchivePage> {
    const entries: string[] = [];
    let examined = 0;
    let ordinal = Math.max(0, query.offset ?? 0);
    let index = this.blockIndexOf(ordinal);
    while (examined < query.limit && index < this.blocks.length) {
      const block = this.blocks[index] as Block;
      if (!this.overlaps(block, query)) {
        index += 1;
        ordinal = block.first + block.count;
        continue;
      }
      const lines = await readBlock(block);
      for (let at = ordinal - block.first; at < block.count && examined < query.limit; at++) {
        ordinal += 1;
        const entry = parseLine(lines[at] ?? '');
        if (!entry || !this.inWindow(entry, query)) continue;
        examined += 1;
        if (query.categories && !query.categories.has(entry.category)) continue;
        entries.push(entry.json);
      }
      if (ordinal >= block.first + block.count) index += 1;
    }
    let more = false;
    for (let next = index; next < this.blocks.length && !more; next++) {
      const block = this.blocks[next] as Block;
      more = this.overlaps(block, query) && ordinal < block.first + block.count;
    }
    return { entries, hasMore: more, nextOffset: more ? ordinal : 0 };
  }

  private async readDown(
    query: ArchiveQuery,
    readBlock: (block: Block) => Promise<string[]>,
  ): Promise<ArchivePage> {
    const entries: string[] = [];
    let examined = 0;
    /** Exclusive end: the next entry to read is `ordinal - 1`. */
    let ordinal = Math.min(this.count, query.offset ?? this.count);
    while (examined < query.limit && ordinal > 0) {
      const block = this.blocks[this.blockIndexOf(ordinal - 1)] as Block;
      if (!this.overlaps(block, query)) {
        ordinal = block.first;
        continue;
      }
      const lines = await readBlock(block);
      for (let at = ordinal - 1 - block.first; at >= 0 && examined < query.limit; at--) {
        ordinal -= 1;
        const entry = parseLine(lines[at] ?? '');
        if (!entry || !this.inWindow(entry, query)) continue;
        examined += 1;
        if (query.categories && !query.categories.has(entry.category)) continue;
        entries.push(entry.json);
      }
    }
    let more = false;
    for (let next = ordinal > 0 ? this.blockIndexOf(ordinal - 1) : -1; next >= 0 && !more; next--)
      more = this.overlaps(this.blocks[next] as Block, query);
    return { entries, hasMore: more, nextOffset: more ? ordinal : 0 };
  }

  /** The block holding `ordinal` (the block count when past the end). */
  private blockIndexOf(ordinal: number): number {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const block = this.blocks[middle] as Block;
      if (block.first + block.count <= ordinal) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Counts a new entry of `bytes` at byte `offset` into the open block, closing it when full. */
  private index(bytes: number, ts: number, offset: number): void {
    let block = this.blocks.at(-1);
    if (!block || block.count >= BLOCK_ENTRIES || block.bytes >= BLOCK_BYTES) {
      block = { first: this.count, count: 0, offset, bytes: 0, minTs: ts, maxTs: ts };
      this.blocks.push(block);
    }
    block.count += 1;
    block.bytes += bytes;
    block.minTs = Math.min(block.minTs, ts);
    block.maxTs = Math.max(block.maxTs, ts);
    this.newest = Math.max(this.newest, ts);
    if (block.count >= BLOCK_ENTRIES || block.bytes >= BLOCK_BYTES)
      appendFileSync(this.blocksFile, `${JSON.stringify(block)}\n`);
  }

  /**
   * Reads the blocks file, then indexes the events written after its last block; a line cut short
   * (the server stopped while writing) is dropped.
   */
  private load(): void {
    const size = fstatSync(this.fd).size;
    let end = 0;
    if (existsSync(this.blocksFile)) {
      for (const line of readFileSync(this.blocksFile, 'utf8').split('\n')) {
        let block: Block;
        try {
          block = JSON.parse(line) as Block;
        } catch {
          continue;
        }
        if (block.first !== this.count || block.offset !== end || block.offset + block.bytes > size)
          break;
        this.blocks.push(block);
        end = block.offset + block.bytes;
      }
    }
    const tail = Buffer.alloc(size - end);
    let done = 0;
    while (done < tail.length) {
      const read = readSync(this.fd, tail, done, tail.length - done, end + done);
      if (read === 0) break;
      done += read;
    }
    let offset = end;
    let start = 0;
    for (let newline = tail.indexOf(10); newline >= 0; newline = tail.indexOf(10, start)) {
      const entry = parseLine(tail.toString('utf8', start, newline));
      this.index(newline + 1 - start, entry?.ts ?? 0, offset);
      offset += newline + 1 - start;
      start = newline + 1;
    }
    if (offset < size) ftruncateSync(this.fd, offset);
    this.written = offset;
  }
}
