import { appendFile, mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogEvent } from '../../src/types/api.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';
import { SseReader } from '../testing/sse-reader.ts';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

describe('log stream', () => {
  let h: ReferenceHarness;
  let id: string;
  let root: string;
  const readers: SseReader[] = [];
  const open = async (query: string): Promise<SseReader> => {
    const reader = await SseReader.open(`${h.api}/browsers/${id}/logs/stream?${query}`, auth);
    readers.push(reader);
    return reader;
  };
  const messages = (reader: SseReader): string[] =>
    reader.json<LogEvent>().map((event) => event.message);
  const file = (name: string): string => path.join(root, 'var/log', name);

  beforeEach(async () => {
    h = await startReference({ logPollMs: 20 });
    id = await createSession(h);
    root = path.join(h.reference.sessionsDir, id);
    await mkdir(path.join(root, 'var/log'), { recursive: true });
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await h.close();
  });

  it('follow=true starts at the end; lines arrive as log events with the SSE content type header', async () => {
    await writeFile(file('app.log'), 'old line\n');
    const reader = await open('source=path&path=/var/log/app.log&follow=true');
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('x-sse-content-type')).toBe('application/json');
    await appendFile(file('app.log'), 'new one\nnew two\n');
    await reader.until((r) => r.data.length === 2);
    const events = reader.json<LogEvent>();
    expect(events.map((e) => e.message)).toEqual(['new one', 'new two']);
    expect(events[0]?.event).toBe('log');
    expect(events[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(reader.frames.every((frame) => frame.id === undefined)).toBe(true);
  });

  it('follow=false starts at the beginning and keeps tailing', async () => {
    await writeFile(file('app.log'), 'first\nsecond\n');
    const reader = await open('source=path&path=/var/log/app.log&follow=false');
    await reader.until((r) => r.data.length === 2);
    await appendFile(file('app.log'), 'third\n');
    await reader.until((r) => r.data.length === 3);
    expect(messages(reader)).toEqual(['first', 'second', 'third']);
    expect(reader.closed).toBe(false);
  });

  it('holds back a partial line until its newline arrives, across several writes', async () => {
    await writeFile(file('app.log'), '');
    const reader = await open('source=path&path=/var/log/app.log');
    await appendFile(file('app.log'), 'hel');
    await appendFile(file('app.log'), 'lo wo');
    await appendFile(file('app.log'), 'rld\r\n\n\npart');
    await reader.until((r) => r.data.length === 1);
    await appendFile(file('app.log'), 'ial ✓ ünïcödé\n');
    await reader.until((r) => r.data.length === 2);
    expect(messages(reader)).toEqual(['hello world', 'partial ✓ ünïcödé']);
  });

  it('restarts at the new end when the file is truncated', async () => {
    await writeFile(file('app.log'), 'a fairly long line before truncation\n');
    const reader = await open('source=path&path=/var/log/app.log&follow=false');
    await reader.until((r) => r.data.length === 1);
    await truncate(file('app.log'), 0);
    // wait until the tail has noticed the shrink, then write again
    await new Promise((resolve) => setTimeout(resolve, 120));
    await appendFile(file('app.log'), 'after\n');
    await reader.until((r) => r.data.length === 2);
    expect(messages(reader)).toEqual(['a fairly long line before truncation', 'after']);
  });

  it('streams the supervisor log of the session API, by program and by path', async () => {
    await h.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
    const bySupervisor = await open(
      'source=supervisor&supervisor_process=kernel-images-api&follow=false',
    );
    const byPath = await open(
      'source=path&path=/var/log/supervisord/kernel-images-api&follow=false',
    );
    for (const reader of [bySupervisor, byPath]) {
      await reader.until((r) =>
        messages(r).some((m) => m.includes('"operation_id":"readClipboard"')),
      );
    }
    const line = JSON.parse(messages(bySupervisor)[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ method: 'POST', status: 200, level: 'INFO' });
    expect(JSON.stringify(messages(bySupervisor))).not.toContain(TEST_TOKEN);
  });

  it('reports a missing file or program in band, then closes', async () => {
    const missing = await open('source=path&path=/var/log/nope.log');
    await missing.until((r) => r.closed);
    expect(missing.response.status).toBe(200);
    expect(messages(missing)).toEqual([
      'failed to open log path: open /var/log/nope.log: no such file or directory',
    ]);
    const program = await open('source=supervisor&supervisor_process=neko');
    await program.until((r) => r.closed);
    expect(messages(program)).toEqual(['logs source not available']);
    const directory = await open('source=path&path=/var/log');
    await directory.until((r) => r.closed);
    expect(messages(directory)[0]).toMatch(/^failed to open log path: \/var\/log: /);
  });

  it.each([
    ['', 'source is required (path or supervisor)'],
    ['source=path', 'path is required when source is path'],
    ['source=supervisor', 'supervisor_process is required when source is supervisor'],
    ['source=path&path=/x&follow=maybe', 'follow must be a boolean, got "maybe"'],
    ['source=files', 'source must be "path" or "supervisor", got "files"'],
    ['source=supervisor&supervisor_process=../etc', 'supervisor_process must be a program name'],
  ])('rejects the query "%s" with a 400 Error body', async (query, detail) => {
    const response = await h.call(`/browsers/${id}/logs/stream?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      code: string;
      message: string;
      details: { message: string }[];
    };
    expect(body.code).toBe('bad_request');
    expect(body.details.map((d) => d.message)).toContain(detail);
  });

  it('answers 404 for an unknown session', async () => {
    const response = await h.call('/browsers/nosuchsession/logs/stream?source=path&path=/x');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  describe('confinement to the session root', () => {
    it.each([
      ['/var/log/../../../../etc/passwd', 'path contains a ".." segment'],
      ['/../etc/passwd', 'path contains a ".." segment'],
      [
        '/var/log/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        'path contains an encoded ".." segment or NUL byte',
      ],
      [
        '/var/log/%252e%252e/%252e%252e/etc/passwd',
        'path contains an encoded ".." segment or NUL byte',
      ],
      ['/var/log/..%2f..%2f..%2fetc/passwd', 'path contains an encoded ".." segment or NUL byte'],
      ['var/log/app.log', 'path must be absolute, got "var/log/app.log"'],
      ['/var/log/a\0b', 'path contains a NUL byte'],
    ])('refuses %s', async (requested, reason) => {
      const response = await h.call(
        `/browsers/${id}/logs/stream?source=path&path=${encodeURIComponent(requested)}`,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { details: { message: string }[] };
      expect(body.details[0]?.message).toBe(reason);
    });

    it('refuses symlinks that leave the root, loops and dangling links', async () => {
      await symlink('/etc/passwd', file('passwd.log'));
      await symlink('/etc', file('etc'));
      await symlink(file('loop-b'), file('loop-a'));
      await symlink(file('loop-a'), file('loop-b'));
      await symlink('/nonexistent/target', file('dangling.log'));
      const cases: [string, string][] = [
        ['/var/log/passwd.log', 'path leaves the session root through a symlink'],
        ['/var/log/etc/passwd', 'path leaves the session root through a symlink'],
        ['/var/log/etc/not-there', 'path leaves the session root through a symlink'],
        ['/var/log/loop-a', 'path runs into a symlink loop'],
        ['/var/log/dangling.log', 'path goes through a dangling symlink'],
      ];
      for (const [requested, reason] of cases) {
        const response = await h.call(
          `/browsers/${id}/logs/stream?source=path&path=${encodeURIComponent(requested)}`,
        );
        expect(response.status, requested).toBe(400);
        expect(
          ((await response.json()) as { details: { message: string }[] }).details[0]?.message,
        ).toBe(reason);
      }
    });

    it('allows symlinks that stay inside the root', async () => {
      await writeFile(file('real.log'), 'inside\n');
      await symlink(file('real.log'), file('alias.log'));
      const reader = await open('source=path&path=/var/log/alias.log&follow=false');
      await reader.until((r) => r.data.length === 1);
      expect(messages(reader)).toEqual(['inside']);
    });
  });

  it('closes log streams when the session is deleted', async () => {
    await writeFile(file('app.log'), '');
    const reader = await open('source=path&path=/var/log/app.log');
    await h.call(`/browsers/${id}`, { method: 'DELETE' });
    await reader.until((r) => r.closed);
  });

  it('delivers a 5 MB line and many lines written at once', async () => {
    await writeFile(file('big.log'), '');
    const reader = await open('source=path&path=/var/log/big.log');
    const huge = 'z'.repeat(5 * 1024 * 1024);
    const many = Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join('\n');
    await appendFile(file('big.log'), `${huge}\n${many}\n`);
    await reader.until((r) => r.data.length === 10_001, 15_000);
    expect(messages(reader)[0]?.length).toBe(huge.length);
    expect(messages(reader).at(-1)).toBe('line 9999');
  });
});
