import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../shared/http.ts';
import { createGateway } from './gateway.ts';
import { refuseMovingSegments } from './path-segments.ts';
import { closeServer, listen, makeDist, rawGet, statusOf } from './test-helpers.ts';

/** The Error body of a refusal, or null when the path is let through. */
function refusal(apiPath: string): { status: number; code: string; message: string } | null {
  try {
    refuseMovingSegments(apiPath);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, ...error.body() };
  }
}

const DOT_SEGMENTS = [
  '/browsers/..',
  '/browsers/.',
  '/browsers/../telemetry/stream',
  '/browsers/./logs/stream?source=supervisor',
  '/browsers/x/..',
  '/browsers/%2e%2e',
  '/browsers/%2E%2e/logs/stream',
  '/browsers/.%2E',
  '/browsers/%2e',
  '/..',
];

const HIDDEN_SEPARATORS = [
  '/browsers/a%2fb/logs/stream',
  '/browsers/..%2F..%2Fx',
  '/browsers/a%5Cb',
  '/browsers/a\\..\\b',
];

describe('refuseMovingSegments', () => {
  it('refuses "." and ".." segments, raw or percent-encoded, and says why', () => {
    for (const path of DOT_SEGMENTS) {
      const refused = refusal(path);
      expect([refused?.status, refused?.code], path).toEqual([400, 'bad_request']);
      expect(refused?.message, path).toContain('"." or ".." segment');
    }
  });

  it('refuses a "/" or "\\" hidden inside a segment', () => {
    for (const path of HIDDEN_SEPARATORS) {
      expect(refusal(path)?.message, path).toContain('encoded "/" or a "\\" inside a segment');
    }
  });

  it('lets every path the dashboard sends through, dots inside names and the query included', () => {
    for (const path of [
      '/',
      '/?x=1',
      '/browsers',
      '/browsers/htzv5orfit78e1m2biiifpbv/logs/stream?source=path&path=%2Fvar%2Flog%2F..%2Fx',
      '/browsers/a.b/telemetry/stream?replay=all',
      '/browsers/.../computer/clipboard/read',
      '/browsers/.hidden',
      '/browsers/id%20with%20space',
      '/browsers/x?next=/../..',
    ])
      expect(refusal(path), path).toBeNull();
  });
});

describe('gateway: API paths that would reach another route', () => {
  let dist: Awaited<ReturnType<typeof makeDist>>;
  let gateway: Awaited<ReturnType<typeof listen>>;
  const reached: string[] = [];

  beforeAll(async () => {
    dist = await makeDist();
    gateway = await listen(
      createGateway({
        staticRoot: dist.root,
        api: (_req, res, apiPath) => {
          reached.push(apiPath);
          res.end('ok');
        },
      }),
    );
  });
  afterAll(async () => {
    await closeServer(gateway.server);
    await dist.cleanup();
  });

  it('answers them with a 400 Error body and never hands them to the API', async () => {
    for (const path of [...DOT_SEGMENTS, ...HIDDEN_SEPARATORS]) {
      const raw = await rawGet(gateway.port, `/api${path}`);
      expect(statusOf(raw), path).toBe(400);
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body.code, path).toBe('bad_request');
      expect(typeof body.message, path).toBe('string');
      expect(raw.toLowerCase(), path).toContain("content-security-policy: default-src 'none'");
    }
    expect(reached).toEqual([]);
    expect(statusOf(await rawGet(gateway.port, '/api/browsers/abc/logs/stream'))).toBe(200);
    expect(reached).toEqual(['/browsers/abc/logs/stream']);
  });
});
