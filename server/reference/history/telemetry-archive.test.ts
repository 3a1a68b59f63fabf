import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TelemetryArchive, type ArchiveQuery } from './telemetry-archive.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'archive-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const everything: ArchiveQuery = {
  order: 'asc',
  limit: 100_000,
  offset: undefined,
  sinceUs: Number.NEGATIVE_INFINITY,
  untilUs: Number.POSITIVE_INFINITY,
  categories: null,
};

function fill(archive: TelemetryArchive, count: number, from = 0): void {
  for (let n = from; n < from + count; n++)
    archive.append(n * 1000, n % 2 === 0 ? 'console' : 'network', JSON.stringify({ seq: n + 1 }));
}

const seqs = (entries: string[]): number[] =>
  entries.map((json) => (JSON.parse(json) as { seq: number }).seq);

describe('TelemetryArchive', () => {
  it('reads across blocks in both directions, and its cursors meet exactly', async () => {
    const archive = TelemetryArchive.open(dir);
    fill(archive, 1000);
    const up: number[] = [];
    let offset: number | undefined;
    for (;;) {
      const page = await archive.read({ ...everything, limit: 97, offset });
      up.push(...seqs(page.entries));
      if (!page.hasMore) break;
      offset = page.nextOffset;
    }
    expect(up).toEqual(Array.from({ length: 1000 }, (_, n) => n + 1));
    const down: number[] = [];
    offset = undefined;
    for (;;) {
      const page = await archive.read({ ...everything, order: 'desc', limit: 300, offset });
      down.push(...seqs(page.entries));
      if (!page.hasMore) break;
      offset = page.nextOffset;
    }
    expect(down).toEqual(Array.from({ length: 1000 }, (_, n) => 1000 - n));
    archive.close();
  });

  it('skips blocks outside the time window', async () => {
    const archive = TelemetryArchive.open(dir);
    fill(archive, 2000);
    const page = await archive.read({
      ...everything,
      sinceUs: 1_500_000,
      untilUs: 1_503_000,
    });
    expect(seqs(page.entries)).toEqual([1501, 1502, 1503]);
    expect(page.hasMore).toBe(false);
    archive.close();
  });

  it('reopens where it left off, dropping a line cut short by a crash', async () => {
    let archive = TelemetryArchive.open(dir);
    fill(archive, 700);
    archive.close();
    appendFileSync(path.join(dir, 'events.log'), '700000\tconsole\t{"seq":70');
    archive = TelemetryArchive.open(dir);
    expect(archive.count).toBe(700);
    fill(archive, 10, 700);
    const page = await archive.read(everything);
    expect(seqs(page.entries)).toEqual(Array.from({ length: 710 }, (_, n) => n + 1));
    archive.close();
  });

  it('sees events appended in this tick', async () => {
    const archive = TelemetryArchive.open(dir);
    fill(archive, 3);
    expect(seqs((await archive.read(everything)).entries)).toEqual([1, 2, 3]);
    archive.close();
  });
});
