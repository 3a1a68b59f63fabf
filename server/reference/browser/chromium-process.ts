import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export { findChromium, type ChromiumLookup } from '../../shared/chromium-lookup.ts';

/** Flags every session browser runs with: headless, quiet on a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--password-store=basic',
  '--use-mock-keychain',
  '--mute-audio',
  '--hide-scrollbars',
  '--window-size=1280,720',
  '--enable-logging=stderr',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];

export interface LaunchedChromium {
  process: ChildProcess;
  pid: number;
  /** The browser-level DevTools endpoint, `ws://127.0.0.1:PORT/devtools/browser/UUID`. */
  wsUrl: string;
}

const LISTENING = /DevTools listening on (ws:\/\/\S+)/;

/**
 * Starts one headless Chromium with its own profile. Everything it writes to stdout and stderr is
 * appended to `logFile`; the promise resolves once its DevTools endpoint is listening.
 */
export async function launchChromium(options: {
  executable: string;
  profileDir: string;
  logFile: string;
  timeoutMs?: number;
  /** Added to its environment (what the lookup says this browser needs). */
  env?: Record<string, string>;
}): Promise<LaunchedChromium> {
  await mkdir(options.profileDir, { recursive: true });
  await mkdir(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  log.on('error', () => {});
  const args = [...CHROMIUM_FLAGS, `--user-data-dir=${options.profileDir}`];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  // fds 3 and 4 are a DevTools pipe nobody speaks on: when this process dies, however abruptly,
  // the pipe closes and Chromium exits with it instead of living on as an orphan.
  args.push('--remote-debugging-pipe');
  args.push('about:blank');
  const child = spawn(options.executable, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => {
    child.stdout?.unpipe(log);
    child.stderr?.unpipe(log);
    log.end();
  });
  return new Promise<LaunchedChromium>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      finish(
        new Error(
          `Chromium did not open its DevTools endpoint within ${options.timeoutMs ?? 20_000} ms`,
        ),
      );
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 20_000);
    const onData = (chunk: Buffer): void => {
      seen = (seen + chunk.toString('utf8')).slice(-8192);
      const match = LISTENING.exec(seen);
      if (match?.[1] && child.pid !== undefined) {
        finish(undefined, { process: child, pid: child.pid, wsUrl: match[1] });
      }
    };
    const onExit = (code: number | null, signal: string | null): void => {
      const tail = seen.trim().split('\n').slice(-3).join(' | ');
      finish(
        new Error(
          `Chromium exited at startup (${signal ?? `code ${code}`})${tail ? `: ${tail}` : ''}`,
        ),
      );
    };
    const onError = (error: Error): void => finish(error);
    function finish(error: Error | undefined, launched?: LaunchedChromium): void {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) reject(error);
      else if (launched) resolve(launched);
    }
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}
