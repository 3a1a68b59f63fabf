import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChromium, findChromium } from './chromium-lookup.ts';
import { untar } from './untar.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chromium-lookup-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function script(name: string, body: string, mode = 0o755): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, mode);
  return file;
}

describe('CHROMIUM_PATH', () => {
  it('is used when it starts, with the name and version it gives', async () => {
    const file = await script('good', 'echo "Chromium 147.0.7727.0 built on Somewhere 12"');
    const found = findChromium({ CHROMIUM_PATH: file });
    expect(found).toMatchObject({
      path: file,
      version: 'Chromium 147.0.7727.0',
      source: 'CHROMIUM_PATH',
      env: {},
    });
    expect(describeChromium(found)).toBe(`Chromium 147.0.7727.0 at ${file} (CHROMIUM_PATH)`);
  });

  it('is reported, not replaced, when it is missing, not executable or does not start', async () => {
    const missing = path.join(dir, 'missing');
    expect(findChromium({ CHROMIUM_PATH: missing })).toMatchObject({
      path: undefined,
      reason: `CHROMIUM_PATH=${missing} does not exist`,
    });
    const plain = await script('plain', 'echo Chromium 1.2', 0o644);
    expect(findChromium({ CHROMIUM_PATH: plain })).toMatchObject({
      path: undefined,
      reason: `CHROMIUM_PATH=${plain} not executable`,
    });
    const broken = await script(
      'broken',
      'echo "error while loading shared libraries: libnss3.so" >&2; exit 127',
    );
    const lookup = findChromium({ CHROMIUM_PATH: broken });
    expect(lookup.path).toBeUndefined();
    expect(lookup.path === undefined && lookup.reason).toContain('does not start');
    expect(lookup.path === undefined && lookup.reason).toContain('libnss3.so');
  });
});

describe('CHROMIUM_SOURCE', () => {
  it('names one of the kinds of browser, or the lookup refuses to guess', () => {
    expect(() => findChromium({ CHROMIUM_SOURCE: 'anything' })).toThrow(/CHROMIUM_SOURCE/);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'npm: the Chromium inside @sparticuz/chromium, unpacked with its libraries and fonts, starts',
    async () => {
      const found = findChromium({ CHROMIUM_SOURCE: 'npm', PATH: process.env.PATH });
      if (found.path === undefined) throw new Error(found.reason);
      expect(found.where).toMatch(/^npm package @sparticuz\/chromium \d+/);
      expect(found.version).toMatch(/^Chromium \d+\./);
      expect(found.env.LD_LIBRARY_PATH?.split(':')[0]).toBe(
        path.join(path.dirname(found.path), 'lib'),
      );
      const fonts = await readFile(found.env.FONTCONFIG_FILE ?? '', 'utf8');
      expect(fonts).toContain(`<dir>${path.join(path.dirname(found.path), 'fonts')}</dir>`);
      // with only its own libraries beside the C library, it runs
      const run = spawnSync(found.path, ['--version'], {
        env: { PATH: '/usr/bin:/bin', ...found.env },
        encoding: 'utf8',
      });
      expect(run.stdout).toContain(found.version);
    },
    60_000,
  );
});

/** A tar entry header (ustar) for `name`, `size` bytes of type `type`. */
function header(name: string, size: number, type: string, mode = '0000644'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write(`${mode}\0`, 100, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  return block;
}

function entry(name: string, body: string, type = '0'): Buffer {
  const data = Buffer.from(body);
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([header(name, data.length, type), padded]);
}

/** `<length> key=value\n`, the length counting the whole record, its own digits included. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = rest.length + 1;
  while (String(length).length + rest.length !== length) length += 1;
  return `${length}${rest}`;
}

describe('untar', () => {
  it('writes files and directories, long names from pax headers, and skips links', async () => {
    const target = path.join(dir, 'unpacked');
    const longName = `lib/${'n'.repeat(120)}.so`;
    const archive = Buffer.concat([
      entry('lib/', '', '5'),
      entry('lib/libnss3.so', 'nss'),
      entry('pax', paxRecord('path', longName), 'x'),
      entry('short-name-ignored', 'long'),
      entry('lib/link.so', '', '2'),
      Buffer.alloc(1024),
    ]);
    untar(archive, target);
    expect(await readFile(path.join(target, 'lib/libnss3.so'), 'utf8')).toBe('nss');
    expect(await readFile(path.join(target, longName), 'utf8')).toBe('long');
    await expect(readFile(path.join(target, 'lib/link.so'))).rejects.toThrow();
  });

  it('refuses an entry that would leave the destination', () => {
    for (const name of ['../escaped', '/etc/escaped', 'a/../../escaped']) {
      expect(
        () => untar(Buffer.concat([entry(name, 'x'), Buffer.alloc(1024)]), path.join(dir, 'x')),
        name,
      ).toThrow(/leaves the destination/);
    }
  });
});
