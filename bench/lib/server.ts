import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const BENCH_TOKEN = 'bench-reference-token';

/** The console server (`npm start`) in its own process, as a user runs it, with the firehose on. */
export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (its CPU, and its session browsers' as its descendants). */
  pid: number;
  /** Absolute host path of a file inside a session's filesystem. */
  sessionFile(sessionId: string, virtualPath: string): string;
  api(pathname: string, init?: RequestInit): Promise<Response>;
  createSession(): Promise<string>;
  /** Arms the session's next stream of that kind to be a firehose of `count` frames. */
  armFirehose(sessionId: string, stream: 'logs' | 'telemetry', count: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Fails when another process already listens on `port`: the server started next could not bind it,
 * and the one already there (a server left running) would answer for it, with other settings.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is taken by another process (a server left running?); the benchmark needs it for a server of its own`
            : `port ${port} on ${host} cannot be listened on: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within 120 s:\n${output()}`);
}

export interface BenchServerOptions {
  /**
   * Sessions with a browser each (the live view and recordings need one). Off by default: nothing
   * but what the benchmark writes reaches the dashboard.
   */
  browsers?: boolean;
  /**
   * The telemetry ring at the server's default size (8,192 events) instead of one that keeps every
   * published event until the dashboard read it: for a server run as users run it (the soak).
   */
  defaultRing?: boolean;
}

export async function startBenchServer(
  port: number,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  await assertPortFree('127.0.0.1', port);
  const dataDir = path.join(os.tmpdir(), `session-console-bench-${port}-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REFERENCE_TOKEN: BENCH_TOKEN,
      REFERENCE_DATA_DIR: dataDir,
      REFERENCE_FIREHOSE: '1',
      // drop_events, for the gap filled from the history
      REFERENCE_FAULTS: '1',
      REFERENCE_BROWSER: options.browsers ? 'on' : 'off',
      // the demo session records nothing unless a benchmark asks
      REFERENCE_DEMO_RECORDING: 'off',
      // published events stay in the ring until the dashboard read them, however far behind
      ...(options.defaultRing ? {} : { REFERENCE_TELEMETRY_BUFFER: '4000000' }),
      REFERENCE_MAX_PUBLISH_BODY: String(64 * 1024 * 1024),
      KERNEL_BASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/console-config.json`, child, () => output);

  const api = (pathname: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${BENCH_TOKEN}`);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(`${baseUrl}/api${pathname}`, { ...init, headers });
  };
  const expectOk = async (response: Response, what: string): Promise<Response> => {
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };

  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    sessionFile: (sessionId, virtualPath) => path.join(dataDir, 'sessions', sessionId, virtualPath),
    api,
    async createSession() {
      const response = await expectOk(
        await api('/browsers', {
          method: 'POST',
          body: JSON.stringify({ telemetry: { enabled: true } }),
        }),
        'create session',
      );
      return ((await response.json()) as { session_id: string }).session_id;
    },
    async armFirehose(sessionId, stream, count) {
      await expectOk(
        await api(`/browsers/${sessionId}/firehose`, {
          method: 'POST',
          body: JSON.stringify({ stream, count }),
        }),
        'arm firehose',
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 6_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
