import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runWriter } from './writer.ts';
import { MOST_PER_WRITE } from './writer-worker.ts';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server on a free port of 127.0.0.1 answering with `listener`; its URL. */
async function serve(listener: RequestListener): Promise<string> {
  const started = createServer(listener);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(started.address() as AddressInfo).port}/publish`;
}

/** A publish endpoint that answers each request after `delayMs`, noting how many events it had. */
async function slowPublisher(delayMs: number): Promise<{ url: string; counts: number[] }> {
  const counts: number[] = [];
  const url = await serve((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      counts.push((JSON.parse(Buffer.concat(chunks).toString()) as unknown[]).length);
      setTimeout(() => response.end('{}'), delayMs);
    });
  });
  return { url, counts };
}

describe('the benchmark writer', () => {
  it('catches up on a server slower than its rate in writes of a bounded size', async () => {
    // at 100,000 events a second and 300 ms a publish, each answer finds about 30,000 due
    const { url, counts } = await slowPublisher(300);
    const report = await runWriter({
      kind: 'publish',
      url,
      token: 't',
      rate: 100_000,
      durationMs: 1_500,
    });
    expect(counts.length).toBeGreaterThan(1);
    expect(Math.max(...counts)).toBe(MOST_PER_WRITE);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(report.written);
    expect(report.requests).toBe(counts.length);
  }, 20_000);

  it('names the server’s refusal as the cause', async () => {
    const url = await serve((request, response) => {
      request.resume();
      request.on('end', () => {
        response.statusCode = 413;
        response.end('{"code":"payload_too_large"}');
      });
    });
    const job = {
      kind: 'publish',
      url,
      token: 't',
      rate: 0,
      durationMs: 500,
    } as const;
    await expect(runWriter(job)).rejects.toThrow(
      /writer failed: publish: HTTP 413 .*payload_too_large.*\(after 0 written\)/,
    );
  }, 20_000);
});
