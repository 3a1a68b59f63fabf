// frontail (npm `frontail`), the peer the benchmark compares against: a log-tailing web UI.
//
// How it works (4.9.2): the server spawns `tail -n <number> -F <file>` (or, where there is no
// `tail`, reads the file itself with fs-tail-stream), splits its output into lines, and sends
// every line as its own socket.io 2 `line` event; nothing is batched. The page connects with
// `transports: ['websocket']` (no long polling) and, per event, appends
// `<div class="line"><p class="inner-line">…</p></div>` to `<pre class="log">`, then removes the
// oldest child once there are more than `--lines` (default 2000) children.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/** A frontail process serving one file's tail at `url`. */
export interface RunningFrontail {
  /** The page that shows the tail, e.g. `http://127.0.0.1:7350/`. */
  url: string;
  /** frontail's process id; it leads its own process group, with its `tail` child in it. */
  pid: number;
  /** Ends frontail and its `tail` (SIGTERM to the group, SIGKILL after 2 s). */
  stop(): Promise<void>;
  /** The installed frontail package's version. */
  version: string;
}

/** CSS selector matching one rendered log line element in frontail's page. */
export const FRONTAIL_LINE_SELECTOR = 'pre.log > div';

/** The element that new lines are appended into (for a MutationObserver). */
export const FRONTAIL_CONTAINER_SELECTOR = 'pre.log';

const READY_TIMEOUT_MS = 15_000;
const KILL_GRACE_MS = 2_000;
const OUTPUT_KEPT_CHARS = 8_000;

interface FrontailPackage {
  bin: string;
  version: string;
}

/** Finds the installed frontail's CLI script and version from its package.json. */
function locateFrontail(): FrontailPackage {
  const manifestPath = createRequire(import.meta.url).resolve('frontail/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin['frontail'];
  if (bin === undefined) throw new Error(`no frontail bin in ${manifestPath}`);
  return { bin: path.resolve(path.dirname(manifestPath), bin), version: manifest.version };
}

/** Fails when something already listens on 127.0.0.1:port, so its page is not taken for ours. */
async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new Error(`port ${port} is taken: ${error.message}`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** frontail's command line: loopback only, no start-up backlog, no usage stats sent. */
function frontailArgs(options: { file: string; port: number; lines: number }): string[] {
  return [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--lines',
    String(options.lines),
    // lines already in the file are neither replayed on connect nor passed to `tail -n`
    '--number',
    '0',
    '--theme',
    'default',
    '--disable-usage-stats',
    options.file,
  ];
}

/**
 * Keeps the last few KB of a child's stdout and stderr, interleaved as they came, and any error
 * spawning it (which would otherwise be an unhandled 'error' event).
 */
function collectOutput(child: ChildProcess): () => string {
  let output = '';
  const keep = (text: string): void => {
    output = (output + text).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', (chunk: Buffer) => keep(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString()));
  child.on('error', (error) => keep(`\n[spawn error] ${error.message}\n`));
  return () => output;
}

/** Whether the child has ended, or never started. */
function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
}

/** Sends `signal` to the whole process group led by `pid`; a group already gone is fine. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Resolves once `child` has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (hasEnded(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves when `url` answers 200; rejects with frontail's output if it exits or times out. */
async function waitForPage(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasEnded(child)) {
      const status = child.exitCode ?? child.signalCode ?? 'not spawned';
      throw new Error(`frontail exited (${status}) before answering ${url}:\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`frontail did not answer ${url} within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** Stops the group: SIGTERM, then SIGKILL if frontail has not exited after the grace period. */
async function stopGroup(child: ChildProcess, pid: number): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, KILL_GRACE_MS);
  });
  await Promise.race([exited(child), grace]);
  clearTimeout(timer);
  // frontail may be gone while its `tail` lingers; SIGKILL whatever is left of the group
  signalGroup(pid, 'SIGKILL');
  await exited(child);
}

/** Starts frontail on 127.0.0.1:port tailing `file` (which exists), keeping `lines` lines in the page. Resolves when its HTTP page answers. */
export async function startFrontail(options: {
  file: string;
  port: number;
  lines: number;
}): Promise<RunningFrontail> {
  const { bin, version } = locateFrontail();
  await ensurePortFree(options.port);
  const child = spawn(process.execPath, [bin, ...frontailArgs(options)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const pid = child.pid;
  if (pid === undefined) {
    // spawn failures are reported on the next tick
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error(`frontail could not be spawned:\n${output()}`);
  }
  // should this process end without calling stop(), frontail and its `tail` end too
  const killOnExit = (): void => signalGroup(pid, 'SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${options.port}/`;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= stopGroup(child, pid).finally(() => process.off('exit', killOnExit));
    return stopping;
  };
  try {
    await waitForPage(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid, stop, version };
}
