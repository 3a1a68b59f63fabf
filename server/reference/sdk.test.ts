import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHarness, sdkClient } from '../testing/reference-harness.ts';

/** Reads from an SDK stream until `count` items arrived, then stops it. */
async function take<T>(
  stream: AsyncIterable<T> & { controller: AbortController },
  count: number,
): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) {
    items.push(item);
    if (items.length === count) break;
  }
  stream.controller.abort();
  return items;
}

describe('the official Kernel SDK against the reference server', () => {
  let h: ReferenceHarness;
  let client: Kernel;
  beforeEach(async () => {
    h = await startReference({ logPollMs: 20 });
    client = sdkClient(h);
  });
  afterEach(async () => {
    await h.close();
  });

  it('creates a session, uses the clipboard, streams telemetry and logs, and deletes it', async () => {
    const browser = await client.browsers.create({
      telemetry: { browser: { console: { enabled: true } } },
    });
    expect(browser.session_id).toBeTruthy();
    expect(browser.telemetry?.browser?.console?.enabled).toBe(true);
    const id = browser.session_id;

    // clipboard: write (200, empty body) then read back
    await client.browsers.computer.writeClipboard(id, { text: 'from the SDK ✓' });
    expect(await client.browsers.computer.readClipboard(id)).toEqual({ text: 'from the SDK ✓' });

    // telemetry: replay all retained events, including the api_call events of the calls above
    const published = await h.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        [1, 2, 3].map((n) => ({
          type: 'console_log',
          category: 'console',
          data: { text: `n${n}` },
        })),
      ),
    });
    const { seq } = (await published.json()) as { seq: number[] };
    const replayed = await take(
      await client.browsers.telemetry.stream(id, { replay: 'all' }),
      seq.at(-1) ?? 0,
    );
    expect(replayed.map((envelope) => envelope.seq)).toEqual(
      Array.from({ length: seq.at(-1) ?? 0 }, (_, i) => i + 1),
    );
    const operations = replayed.flatMap((envelope) =>
      envelope.event.type === 'api_call' ? [envelope.event.data?.operation_id] : [],
    );
    expect(operations).toEqual(['writeClipboard', 'readClipboard']);
    expect(replayed.at(-1)?.event).toMatchObject({ type: 'console_log', data: { text: 'n3' } });

    // telemetry: resume after a Last-Event-ID
    const resumed = await take(
      await client.browsers.telemetry.stream(id, {
        replay: 'all',
        'Last-Event-ID': String(seq[0]),
      }),
      2,
    );
    expect(resumed.map((envelope) => envelope.seq)).toEqual([seq[1], seq[2]]);

    // logs: a file in the session's root, from the beginning
    const file = path.join(h.reference.sessionsDir, id, 'var/log/agent.log');
    await writeFile(file, 'first line\n');
    const logStream = await client.browsers.logs.stream(id, {
      source: 'path',
      path: '/var/log/agent.log',
      follow: false,
    });
    setTimeout(() => void appendFile(file, 'second line\n'), 50);
    const lines = await take(logStream, 2);
    expect(lines.map((line) => line.message)).toEqual(['first line', 'second line']);
    expect(lines[0]?.event).toBe('log');

    await client.browsers.deleteByID(id);
    await expect(client.browsers.retrieve(id)).rejects.toMatchObject({ status: 404 });
  });

  it('surfaces Error bodies as SDK errors', async () => {
    const wrong = new Kernel({ apiKey: 'not-the-token', baseURL: h.api, maxRetries: 0 });
    await expect(wrong.browsers.create({})).rejects.toMatchObject({ status: 401 });
    await expect(
      client.browsers.computer.writeClipboard('missing', { text: 'x' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
