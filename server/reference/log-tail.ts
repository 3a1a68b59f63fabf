import { open, stat, type FileHandle } from 'node:fs/promises';

/** Most bytes read from the file per read call. */
const READ_CHUNK_BYTES = 1024 * 1024;
/** A line without a newline that grows past this is emitted as it is rather than held forever. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface LogTailOptions {
  file: string;
  /** Start at the beginning of the file instead of its end. */
  fromStart: boolean;
  pollMs: number;
  /** Receives complete, non-empty lines. Returns false to pause until `resume()`. */
  onLines: (lines: string[]) => boolean;
  /** The file could not be read (first open or later). */
  onError: (error: NodeJS.ErrnoException) => void;
  /** Called before a (re)open, so the caller can re-check confinement; throwing stops the tail. */
  beforeOpen?: () => Promise<void>;
  /** Called with each opened file before it is read (confinement of what was really opened). */
  afterOpen?: (handle: FileHandle) => Promise<void>;
}

/**
 * Follows a file as upstream does: polls, emits each non-empty line, holds back a partial last
 * line until its newline arrives, and restarts at the new end when the file shrinks or is replaced.
 */
export class LogTail {
  private readonly options: LogTailOptions;
  private handle: FileHandle | undefined;
  private inode = -1;
  private offset = 0;
  private pending: Buffer = Buffer.alloc(0);
  private timer: NodeJS.Timeout | undefined;
  private paused = false;
  private running = false;
  private stopped = false;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(options: LogTailOptions) {
    this.options = options;
  }

  /** Opens the file and fixes the start position; no line is emitted before `follow()`. */
  async open(): Promise<void> {
    await this.reopen(this.options.fromStart);
  }

  /** Starts polling for lines. */
  follow(): void {
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  resume(): void {
    if (!this.paused || this.stopped) return;
    this.paused = false;
    this.schedule(0);
  }

  private async reopen(fromStart: boolean): Promise<void> {
    await this.options.beforeOpen?.();
    const handle = await open(this.options.file, 'r');
    if (this.stopped) {
      await handle.close();
      return;
    }
    try {
      await this.options.afterOpen?.(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      const error: NodeJS.ErrnoException = new Error('is not a regular file');
      error.code = 'EISDIR';
      throw error;
    }
    await this.handle?.close().catch(() => undefined);
    this.handle = handle;
    this.inode = info.ino;
    this.offset = fromStart ? 0 : info.size;
    this.pending = Buffer.alloc(0);
  }

  private schedule(delay: number): void {
    if (this.stopped || this.paused) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delay);
  }

  private async poll(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      await this.checkReplaced();
      await this.readAvailable();
    } catch (error) {
      if (!this.stopped) this.options.onError(error as NodeJS.ErrnoException);
      this.stop();
    } finally {
      this.running = false;
    }
    this.schedule(this.options.pollMs);
  }

  private async checkReplaced(): Promise<void> {
    let info;
    try {
      info = await stat(this.options.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // rotated away; wait
      throw error;
    }
    if (info.ino !== this.inode) {
      await this.reopen(false);
    } else if (info.size < this.offset) {
      this.offset = info.size;
      this.pending = Buffer.alloc(0);
    }
  }

  private async readAvailable(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    while (!this.stopped && !this.paused) {
      const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK_BYTES, this.offset);
      if (bytesRead === 0 || this.stopped) return;
      this.offset += bytesRead;
      const lines = this.split(buffer.subarray(0, bytesRead));
      if (lines.length > 0 && !this.options.onLines(lines)) {
        this.paused = true;
        return;
      }
      if (bytesRead < READ_CHUNK_BYTES) return;
    }
  }

  private split(chunk: Buffer): string[] {
    const lastNewline = chunk.lastIndexOf(0x0a);
    if (lastNewline === -1) {
      this.pending = Buffer.concat([this.pending, chunk]);
      if (this.pending.length <= MAX_PENDING_BYTES) return [];
      const oversized = this.decoder.decode(this.pending);
      this.pending = Buffer.alloc(0);
      return [oversized];
    }
    const complete =
      this.pending.length > 0
        ? Buffer.concat([this.pending, chunk.subarray(0, lastNewline)])
        : chunk.subarray(0, lastNewline);
    this.pending = Buffer.from(chunk.subarray(lastNewline + 1));
    const lines: string[] = [];
    for (const raw of this.decoder.decode(complete).split('\n')) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line.length > 0) lines.push(line);
    }
    return lines;
  }
}
