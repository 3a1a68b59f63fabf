import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, startHarness, waitFor } from './test-helpers.ts';
import type { Harness } from './test-helpers.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(): Promise<Harness> {
  harness = await startHarness();
  return harness;
}

describe('upstream proxy: streaming', () => {
  it('delivers every SSE frame before the upstream writes the next one', async () => {
    const h = await start();
    const frames = 5;
    const delivered = Array.from({ length: frames }, () => deferred());
    let written = 0;
    h.setUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      void (async () => {
        for (let i = 0; i < frames; i += 1) {
          res.write(`id: ${i}\ndata: {"seq":${i}}\n\n`);
          written = i + 1;
          const timeout = new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), 3000));
          const outcome = await Promise.race([delivered[i]?.promise, timeout]);
          // A frame held back by the proxy: stop here so the test fails instead of hanging.
          if (outcome === 'stalled') break;
        }
        res.end();
      })();
    });
    const writtenWhenReceived: number[] = [];
    const reply = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h.gatewayPort, path: '/api/browsers/a/telemetry/stream' },
        (res) => {
          let buffered = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffered += chunk;
            let end = buffered.indexOf('\n\n');
            while (end !== -1) {
              buffered = buffered.slice(end + 2);
              writtenWhenReceived.push(written);
              delivered[writtenWhenReceived.length - 1]?.resolve();
              end = buffered.indexOf('\n\n');
            }
          });
          res.on('end', () => resolve(res));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/event-stream');
    expect(reply.headers['x-accel-buffering']).toBe('no');
    expect(writtenWhenReceived).toEqual([1, 2, 3, 4, 5]);
  });

  it('closes the upstream request as soon as the client goes away', async () => {
    const h = await start();
    let upstreamClosed = false;
    h.setUpstream((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"seq":1}\n\n');
      req.socket.on('close', () => {
        upstreamClosed = true;
      });
    });
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h.gatewayPort, path: '/api/browsers/a/logs/stream' },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => undefined);
      req.end();
      setTimeout(() => reject(new Error('no frame arrived')), 5000).unref();
    });
    await waitFor(() => upstreamClosed, 'the upstream connection to close');
    expect(h.upstreamRequests).toHaveLength(1);
  });

  it('drops the client connection when the upstream breaks mid-stream', async () => {
    const h = await start();
    h.setUpstream((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"seq":1}\n\n', () => setTimeout(() => req.socket.destroy(), 20));
    });
    const complete = await new Promise<boolean>((resolve) => {
      const req = request({ host: '127.0.0.1', port: h.gatewayPort, path: '/api/s' }, (res) => {
        res.resume();
        res.on('close', () => resolve(res.complete));
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    expect(complete).toBe(false);
  });
});
