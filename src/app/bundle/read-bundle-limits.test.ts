import { strToU8, Zip, ZipDeflate, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../config/limits';
import { telemetryEvent } from '../../entities/session-events/testing/telemetry-test-kit';
import { sizeText } from './size-text';
import { readBundle, type BundleRead } from './read-bundle';
import { readBundleFile } from './read-bundle-file';
import { showBundle, useOpenedBundle } from './open-bundle';

const MANIFEST = strToU8(
  JSON.stringify({
    format: 'session-console-bundle',
    version: 1,
    logs: [
      {
        file: 'logs/01-app.log',
        lines_file: 'logs/01-app.lines.json',
        source: { kind: 'path', target: '/var/log/app.log' },
      },
    ],
  }),
);

/** `count` telemetry events as Export writes them, one JSON line each. */
function telemetry(count: number): Uint8Array {
  let text = '';
  for (let seq = 1; seq <= count; seq += 1)
    text += `${JSON.stringify({ seq, event: telemetryEvent(seq) })}\n`;
  return strToU8(text);
}

function logText(count: number): Uint8Array {
  return strToU8(Array.from({ length: count }, (_, at) => `line ${at + 1}\n`).join(''));
}

function bundle(files: Zippable = {}): Uint8Array {
  return zipSync({
    'manifest.json': MANIFEST,
    'telemetry.jsonl': telemetry(20),
    'logs/01-app.log': logText(10),
    ...files,
  });
}

/** A zip written entry by entry as given, the same name twice included. */
function zipOf(entries: [string, Uint8Array][]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const [name, data] of entries) {
    const file = new ZipDeflate(name);
    zip.add(file);
    file.push(data, true);
  }
  zip.end();
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Makes the zip's directory state `size` as what `name` unpacks to (a header that lies). */
function stateSize(bytes: Uint8Array, name: string, size: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wanted = strToU8(name);
  for (let at = 0; at + 46 < bytes.length; at += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const entryName = bytes.subarray(at + 46, at + 46 + nameLength);
    if (entryName.length === wanted.length && entryName.every((byte, i) => byte === wanted[i])) {
      view.setUint32(at + 24, size, true);
      return bytes;
    }
  }
  throw new Error(`no ${name} in the directory`);
}

function opened(result: BundleRead) {
  if (!result.ok) throw new Error(result.reason);
  return result.bundle;
}

const reason = (result: BundleRead): string => (result.ok ? 'opened' : result.reason);

describe('reading a bundle within limits', () => {
  it('opens a bundle within the limits whole', () => {
    const read = opened(readBundle(bundle()));
    expect(read.missing).toEqual([
      'logs/01-app.log: its read times are missing; lines show their own',
    ]);
    expect(read.envelopes).toHaveLength(20);
    expect(read.logs[0]?.lines).toHaveLength(10);
  });

  it('refuses a zip with two entries of one name: which one is right cannot be known', () => {
    const bytes = zipOf([
      ['manifest.json', MANIFEST],
      ['telemetry.jsonl', telemetry(3)],
      ['telemetry.jsonl', telemetry(5)],
    ]);
    expect(reason(readBundle(bytes))).toBe(
      'it holds two entries named telemetry.jsonl, and which one is right cannot be known',
    );
  });

  it('does not trust a part that unpacks to more or less than its header states', () => {
    const log = sizeText(logText(10).length);
    const smaller = opened(readBundle(stateSize(bundle(), 'telemetry.jsonl', 100)));
    expect(smaller.missing).toContain(
      'telemetry.jsonl unpacks to more than the 100 bytes its header states; a part that misstates its size is not read',
    );
    expect(smaller.envelopes).toEqual([]);

    const larger = opened(readBundle(stateSize(bundle(), 'logs/01-app.log', 5_000)));
    expect(larger.missing).toContain(
      `logs/01-app.log unpacks to ${log}, not the 4.9 KB its header states; a part that misstates its size is not read`,
    );
    expect(larger.logs).toEqual([]);
    // the rest of the bundle is read as usual
    expect(larger.envelopes).toHaveLength(20);

    // a stored (not deflated) part is checked the same way
    const stored = bundle({ 'logs/01-app.log': [logText(10), { level: 0 }] });
    expect(opened(readBundle(stateSize(stored, 'logs/01-app.log', 10))).missing).toContain(
      `logs/01-app.log unpacks to ${log}, not the 10 bytes its header states; a part that misstates its size is not read`,
    );
  });

  it('reads the lines in the first part of a telemetry file larger than a part may be, and says so', () => {
    const limits = { ...LIMITS.bundle, entryMaxBytes: 2 * 1024 };
    const read = opened(readBundle(bundle({ 'telemetry.jsonl': telemetry(200) }), limits));
    expect(read.missing).toContain(
      'telemetry.jsonl is larger than the 2 KB this page reads; only the events in its first 2 KB are shown',
    );
    // the events whole in the first 2 KB, in order, and none cut in two
    const perLine = telemetry(1).length;
    expect(read.envelopes.length).toBeGreaterThanOrEqual(Math.floor(2048 / (perLine + 2)));
    expect(read.envelopes.length).toBeLessThan(200);
    expect(read.envelopes.map((envelope) => envelope.seq)).toEqual(
      Array.from({ length: read.envelopes.length }, (_, at) => at + 1),
    );
    expect(read.problems).toEqual([]);
  });

  it('says a part was not read when not even one line of it fits, never just 0 events', () => {
    const limits = { ...LIMITS.bundle, entryMaxBytes: 1024 };
    const line = strToU8(
      `${JSON.stringify({ seq: 1, event: telemetryEvent(1, { data: { text: 'x'.repeat(2_000) } }) })}\n`,
    );
    const read = opened(readBundle(bundle({ 'telemetry.jsonl': line }), limits));
    expect(read.envelopes).toEqual([]);
    expect(read.missing).toContain(
      'telemetry.jsonl is larger than the 1 KB this page reads; it was not read',
    );
  });

  it('does not read a part that is not text beyond the limit, and says which and why', () => {
    const limits = { ...LIMITS.bundle, entryMaxBytes: 1024 };
    const read = opened(
      readBundle(
        bundle({
          'logs/01-app.lines.json': strToU8(JSON.stringify({ read_ms: new Array(600).fill(1) })),
        }),
        limits,
      ),
    );
    expect(read.missing).toContain(
      'logs/01-app.lines.json is larger than the 1 KB this page reads; it was not read',
    );
  });

  it('keeps to one budget for the whole bundle', () => {
    const limits = { ...LIMITS.bundle, maxBytes: telemetry(20).length + MANIFEST.length + 30 };
    const read = opened(readBundle(bundle(), limits));
    expect(read.envelopes).toHaveLength(20);
    expect(read.missing).toContain(
      `logs/01-app.log is larger than what is left of the ${sizeText(limits.maxBytes)} this page reads of a bundle; only the lines in its first 30 bytes are shown`,
    );
    expect(read.logs[0]?.lines.map((line) => line.text)).toEqual([
      'line 1',
      'line 2',
      'line 3',
      'line 4',
    ]);
  });

  it('stops unpacking a part packed far tighter than text packs, as zip bombs are', () => {
    const limits = { ...LIMITS.bundle, maxRatio: 100, ratioFromBytes: 64 * 1024 };
    const read = opened(
      readBundle(bundle({ 'logs/01-app.log': new Uint8Array(4 * 1024 * 1024) }), limits),
    );
    expect(read.missing).toContain(
      'logs/01-app.log unpacks to more than 100 times its packed size, as zip bombs do; it was not read',
    );
  });

  it('refuses a zip with more entries than a bundle may have', () => {
    const limits = { ...LIMITS.bundle, maxEntries: 2 };
    expect(reason(readBundle(bundle(), limits))).toBe(
      'it holds 3 entries, more than the 2 this page reads of a bundle',
    );
  });

  it('shows what could not be read in the opened bundle’s missing parts', async () => {
    const bytes = stateSize(bundle(), 'telemetry.jsonl', 100).slice();
    // a browser's Blob reads itself (jsdom's cannot, so this one is given the bytes)
    const file = Object.assign(new Blob([bytes]), {
      arrayBuffer: () => Promise.resolve(bytes.buffer),
    });
    expect(showBundle('lying.zip', await readBundleFile(file))).toBeNull();
    expect(useOpenedBundle.getState()?.missing).toContain(
      'telemetry.jsonl unpacks to more than the 100 bytes its header states; a part that misstates its size is not read',
    );
  });
});
