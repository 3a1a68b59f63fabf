import { mkdir, mkdtemp, open, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEvent } from '../../src/types/api.ts';
import { HttpError } from '../shared/http.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';
import { SseReader } from '../testing/sse-reader.ts';
import { LogTail } from './log-tail.ts';
import { confineExisting, confineOpened, mapIntoRoot } from './paths.ts';

/**
 * Confinement of every path a client names (log files by path, supervisor programs) to the
 * session's root: dot segments however encoded, absolute and relative symlinks that leave it,
 * symlink loops anywhere in the path, and files swapped for such links while being followed.
 */

const OUTSIDE = 'outside-the-session-root';

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).details?.[0]?.message ?? (error as HttpError).message;
  }
  return 'accepted';
}

describe('mapIntoRoot', () => {
  const root = '/srv/sessions/abc';

  it.each([
    ['/var/log/../../etc/passwd', 'path contains a ".." segment'],
    ['/..', 'path contains a ".." segment'],
    ['/var/log/..', 'path contains a ".." segment'],
    ['/var/log/..\\..\\etc', 'path contains a ".." segment'],
    ['/var/log/%2e%2e/etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/%2E%2e/etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/.%2e/etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/%2e./etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/%252e%252e/etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/%25252e%25252e/etc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/..%2fetc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/..%252fetc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/..%5c..%5cetc', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/app%00.log', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/app%2500.log', 'path contains an encoded ".." segment or NUL byte'],
    ['/var/log/a\0b', 'path contains a NUL byte'],
    ['var/log/app.log', 'path must be absolute, got "var/log/app.log"'],
    ['', 'path is empty'],
    [`/${'a'.repeat(4097)}`, 'path is longer than 4096 characters'],
  ])('refuses %j', (requested, reason) => {
    expect(reasonOf(() => mapIntoRoot(root, requested))).toBe(reason);
  });

  it.each([
    ['/var/log/app.log', '/srv/sessions/abc/var/log/app.log'],
    ['/var/log/./app.log', '/srv/sessions/abc/var/log/app.log'],
    ['//var//log/app.log', '/srv/sessions/abc/var/log/app.log'],
    ['/var/log/...', '/srv/sessions/abc/var/log/...'],
    ['/var/log/..app.log', '/srv/sessions/abc/var/log/..app.log'],
    ['/var/log/%zz.log', '/srv/sessions/abc/var/log/%zz.log'],
    ['/', '/srv/sessions/abc/'],
  ])('maps %j inside the root', (requested, mapped) => {
    expect(mapIntoRoot(root, requested)).toBe(mapped);
  });
});

describe('confineExisting', () => {
  let outer: string;
  let root: string;
  beforeAll(async () => {
    outer = await mkdtemp(path.join(os.tmpdir(), 'confine-'));
    root = path.join(outer, 'root');
    await mkdir(path.join(root, 'var/log'), { recursive: true });
    await writeFile(path.join(outer, 'secret.txt'), OUTSIDE);
    await writeFile(path.join(root, 'var/log/app.log'), 'inside\n');
    const at = (name: string): string => path.join(root, 'var/log', name);
    await symlink(path.join(outer, 'secret.txt'), at('absolute.log'));
    await symlink('../../../secret.txt', at('relative.log'));
    await symlink(outer, at('parent'));
    await symlink('../..', at('root-alias'));
    await symlink(at('absolute.log'), at('chain.log'));
    await symlink(at('self'), at('self'));
    await symlink(at('loop-b'), at('loop-a'));
    await symlink(at('loop-a'), at('loop-b'));
    await symlink('loopdir', at('loopdir'));
    await symlink(at('app.log'), at('alias.log'));
  });
  afterAll(async () => {
    await rm(outer, { recursive: true, force: true });
  });

  async function reasonFor(requested: string): Promise<string> {
    try {
      return (await confineExisting(root, mapIntoRoot(root, requested))) ? 'exists' : 'missing';
    } catch (error) {
      if (!(error instanceof HttpError)) return `unexpected ${String(error)}`;
      return error.details?.[0]?.message ?? error.message;
    }
  }

  it.each([
    ['/var/log/absolute.log', 'path leaves the session root through a symlink'],
    ['/var/log/relative.log', 'path leaves the session root through a symlink'],
    ['/var/log/chain.log', 'path leaves the session root through a symlink'],
    ['/var/log/parent/secret.txt', 'path leaves the session root through a symlink'],
    ['/var/log/parent/not-there', 'path leaves the session root through a symlink'],
    ['/var/log/self', 'path runs into a symlink loop'],
    ['/var/log/loop-a', 'path runs into a symlink loop'],
    ['/var/log/loopdir/app.log', 'path runs into a symlink loop'],
    ['/var/log/loop-a/deeper/file.log', 'path runs into a symlink loop'],
  ])('refuses %s', async (requested, reason) => {
    expect(await reasonFor(requested)).toBe(reason);
  });

  it.each([
    ['/var/log/app.log', 'exists'],
    ['/var/log/alias.log', 'exists'],
    ['/var/log/root-alias/var/log/app.log', 'exists'],
    ['/var/log/new.log', 'missing'],
    ['/var/log/new/deeper/file.log', 'missing'],
    // a file used as a directory: simply not there
    ['/var/log/app.log/x', 'missing'],
  ])('accepts %s (%s)', async (requested, outcome) => {
    expect(await reasonFor(requested)).toBe(outcome);
  });

  it('refuses a path component too long for the filesystem with a 400', async () => {
    expect(await reasonFor(`/var/log/${'n'.repeat(300)}.log`)).toBe(
      'path has a component longer than the filesystem allows',
    );
  });
});

describe('confineOpened', () => {
  let outer: string;
  let root: string;
  beforeEach(async () => {
    outer = await mkdtemp(path.join(os.tmpdir(), 'confine-open-'));
    root = path.join(outer, 'root');
    await mkdir(root);
    await writeFile(path.join(outer, 'secret.log'), `${OUTSIDE}\n`);
    await writeFile(path.join(root, 'app.log'), 'inside\n');
  });
  afterEach(async () => {
    await rm(outer, { recursive: true, force: true });
  });

  it('accepts a file opened inside the root and refuses one opened outside it', async () => {
    const inside = await open(path.join(root, 'app.log'), 'r');
    const outside = await open(path.join(outer, 'secret.log'), 'r');
    try {
      await expect(confineOpened(root, inside.fd)).resolves.toBeUndefined();
      await expect(confineOpened(root, outside.fd)).rejects.toMatchObject({ status: 400 });
    } finally {
      await inside.close();
      await outside.close();
    }
  });

  it('catches a symlink swapped in between the check and the open, before reading', async () => {
    const file = path.join(root, 'app.log');
    const lines: string[] = [];
    const tail = new LogTail({
      file,
      fromStart: true,
      pollMs: 10,
      onLines: (batch) => {
        lines.push(...batch);
        return true;
      },
      onError: () => undefined,
      // the check passes, then a hostile process swaps the file before the open
      beforeOpen: async () => {
        await confineExisting(root, file);
        await unlink(file);
        await symlink(path.join(outer, 'secret.log'), file);
      },
      afterOpen: (handle) => confineOpened(root, handle.fd),
    });
    await expect(tail.open()).rejects.toMatchObject({
      details: [{ message: 'path leaves the session root through a symlink' }],
    });
    tail.stop();
    expect(lines).toEqual([]);
  });
});

describe('log streams over the API', () => {
  const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
  let h: ReferenceHarness;
  let id: string;
  let root: string;
  let outer: string;
  const readers: SseReader[] = [];
  const open = async (query: string): Promise<SseReader> => {
    const reader = await SseReader.open(`${h.api}/browsers/${id}/logs/stream?${query}`, auth);
    readers.push(reader);
    return reader;
  };
  const messages = (reader: SseReader): string[] =>
    reader.json<LogEvent>().map((event) => event.message);
  const logFile = (...parts: string[]): string => path.join(root, 'var/log', ...parts);

  beforeEach(async () => {
    h = await startReference({ logPollMs: 20 });
    id = await createSession(h);
    root = path.join(h.reference.sessionsDir, id);
    outer = await mkdtemp(path.join(os.tmpdir(), 'confine-api-'));
    await writeFile(path.join(outer, 'secret.log'), `${OUTSIDE}\n`);
    await mkdir(logFile(), { recursive: true });
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await h.close();
    await rm(outer, { recursive: true, force: true });
  });

  async function refused(query: string): Promise<string> {
    const response = await h.call(`/browsers/${id}/logs/stream?${query}`);
    const text = await response.text();
    expect(text).not.toContain(OUTSIDE);
    expect(text).not.toContain(outer);
    if (response.status !== 400) return `status ${response.status}: ${text}`;
    return (JSON.parse(text) as { details: { message: string }[] }).details[0]?.message ?? '';
  }

  it('refuses traversal in the path however it is encoded on the wire', async () => {
    for (const raw of [
      'source=path&path=/var/log/../../../../etc/passwd',
      'source=path&path=/var/log/%2e%2e/%2e%2e/etc/passwd',
      'source=path&path=/var/log/%252e%252e/%252e%252e/etc/passwd',
      'source=path&path=%2Fvar%2Flog%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      'source=path&path=/var/log/..%252f..%252fetc/passwd',
    ]) {
      expect(await refused(raw), raw).toMatch(/"\.\." segment/);
    }
  });

  it('refuses symlinks out of the root and loops, for files and for supervisor programs', async () => {
    await symlink(path.join(outer, 'secret.log'), logFile('absolute.log'));
    await symlink(
      path.relative(logFile(), path.join(outer, 'secret.log')),
      logFile('relative.log'),
    );
    await symlink('loopdir', logFile('loopdir'));
    await writeFile(logFile('file.log'), 'x\n');
    await mkdir(logFile('supervisord'), { recursive: true });
    await symlink(path.join(outer, 'secret.log'), logFile('supervisord', 'neko'));
    await symlink('chromium-loop', logFile('supervisord', 'chromium-loop'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await refused('source=path&path=/var/log/absolute.log')).toBe(
        'path leaves the session root through a symlink',
      );
      expect(await refused('source=path&path=/var/log/relative.log')).toBe(
        'path leaves the session root through a symlink',
      );
      expect(await refused('source=path&path=/var/log/loopdir/app.log')).toBe(
        'path runs into a symlink loop',
      );
      expect(await refused('source=supervisor&supervisor_process=neko')).toBe(
        'path leaves the session root through a symlink',
      );
      expect(await refused('source=supervisor&supervisor_process=chromium-loop')).toBe(
        'path runs into a symlink loop',
      );
      expect(await refused('source=supervisor&supervisor_process=..')).toBe(
        'supervisor_process must be a program name',
      );
      expect(await refused('source=supervisor&supervisor_process=%2e%2e%2fetc')).toBe(
        'supervisor_process must be a program name',
      );
      // a file used as a directory, a component too long: answered, never an internal error
      const notDir = await open('source=path&path=/var/log/file.log/x');
      await notDir.until((r) => r.closed);
      expect(messages(notDir)).toEqual([
        'failed to open log path: open /var/log/file.log/x: no such file or directory',
      ]);
      expect(await refused(`source=path&path=/var/log/${'n'.repeat(300)}`)).toBe(
        'path has a component longer than the filesystem allows',
      );
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('stops a followed file replaced by a symlink out of the root, without reading it', async () => {
    await writeFile(logFile('app.log'), 'inside one\n');
    const reader = await open('source=path&path=/var/log/app.log&follow=false');
    await reader.until((r) => r.data.length === 1);
    // rotation by a hostile process: the name now points outside
    await rename(logFile('app.log'), logFile('app.log.1'));
    await symlink(path.join(outer, 'secret.log'), logFile('app.log'));
    await reader.until((r) => r.closed);
    expect(messages(reader)).toEqual([
      'inside one',
      'failed to open log path: /var/log/app.log: path leaves the session root through a symlink',
    ]);
  });
});
