import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable } from '../server/shared/executable.ts';
import { E2E_PORT } from './env.ts';

/**
 * Runs Debian's (or any) nginx with the repository's own deploy/nginx.conf in front of the e2e
 * server, as the current user, from a temporary directory.
 */

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX_TEMPLATE = path.join(PROJECT_ROOT, 'deploy', 'nginx.conf');
/** nginx listens here, in front of the e2e server on E2E_PORT. */
export const NGINX_PORT = E2E_PORT + 5;
export const NGINX_URL = `http://127.0.0.1:${NGINX_PORT}`;

/** The placeholders deploy/nginx.conf has, and nothing else is substituted. */
export interface NginxConfigValues {
  SC_LISTEN: string;
  SC_DIST_DIR: string;
  SC_UPSTREAM: string;
  SC_TEMP_DIR: string;
  SC_LOG_DIR: string;
}

/**
 * Fills `${SC_…}` placeholders, as `envsubst '${SC_LISTEN} …'` would; nginx's own `$variables`
 * are left alone. Throws if the template has a placeholder without a value.
 */
export function renderNginxConfig(template: string, values: NginxConfigValues): string {
  return template.replace(/\$\{(SC_[A-Z_]+)\}/g, (_match, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf: no value for \${${name}}`);
    return value;
  });
}

/** NGINX_PATH, else /usr/sbin/nginx, else `nginx` on PATH; or why there is none. */
export function findNginx(): { path: string } | { path: undefined; reason: string } {
  const configured = process.env.NGINX_PATH;
  if (configured) {
    return isExecutable(configured)
      ? { path: configured }
      : { path: undefined, reason: `NGINX_PATH=${configured} is not an executable file` };
  }
  if (isExecutable('/usr/sbin/nginx')) return { path: '/usr/sbin/nginx' };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'nginx');
    if (isExecutable(candidate)) return { path: candidate };
  }
  return {
    path: undefined,
    reason:
      'no NGINX_PATH, no /usr/sbin/nginx and no nginx on PATH (Debian: apt-get install nginx)',
  };
}

export interface RunningNginx {
  url: string;
  dir: string;
  /** The access log so far (deploy/nginx.conf's `session_console` format). */
  accessLog(): Promise<string[]>;
  /** What nginx wrote to stderr (its error log). */
  stderr(): string;
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  nginxPath: string;
  port?: number;
  /** host:port of the Session Console server. */
  upstream?: string;
  distDir?: string;
  /** Edits the rendered config (only for experiments, e.g. showing what breaks streaming). */
  patchConfig?: (config: string) => string;
}

/** Starts nginx with deploy/nginx.conf filled in, and resolves once it answers on its port. */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const port = options.port ?? NGINX_PORT;
  const distDir = options.distDir ?? path.join(PROJECT_ROOT, 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: build the dashboard first (npm run build)`);
  }
  if (await canConnect(port)) {
    throw new Error(`127.0.0.1:${port} is already in use: is another nginx still running?`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'session-console-nginx-'));
  const tempDir = path.join(dir, 'temp');
  const logDir = path.join(dir, 'logs');
  await mkdir(tempDir);
  await mkdir(logDir);
  let config = renderNginxConfig(await readFile(NGINX_TEMPLATE, 'utf8'), {
    SC_LISTEN: `127.0.0.1:${port}`,
    SC_DIST_DIR: distDir,
    SC_UPSTREAM: options.upstream ?? `127.0.0.1:${E2E_PORT}`,
    SC_TEMP_DIR: tempDir,
    SC_LOG_DIR: logDir,
  });
  if (options.patchConfig) config = options.patchConfig(config);
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, config);

  // As root, nginx would run its workers as `nobody`, who may not read the checkout or the
  // temporary directory; keep them as the current user, as for anyone else.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const globals = `daemon off; master_process on; pid ${path.join(dir, 'nginx.pid')}; error_log stderr warn;${user}`;
  const child = spawn(options.nginxPath, ['-p', `${dir}/`, '-c', configFile, '-g', globals], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM is nginx's fast shutdown: open streams are cut, not waited for (SIGQUIT would
      // wait for every open event stream to end).
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitForListening(port, child, exited, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    accessLog: async () =>
      (await readFile(path.join(logDir, 'access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line !== ''),
    stderr: () => stderr,
    stop,
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForListening(
  port: number,
  child: ChildProcess,
  exited: Promise<number | null>,
  stderr: () => string,
): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (gone) {
      throw new Error(
        `nginx exited (${child.exitCode ?? child.signalCode}) at start:\n${stderr()}`,
      );
    }
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within 10 s:\n${stderr()}`);
}
