import { LIMITS } from '../src/config/limits.ts';
import { expect, test } from './fixtures.ts';
import { manyStreams } from './support/many-streams.ts';

test('ten log streams, eight pages and a clipboard send share one server over HTTP/1.1', async ({
  page,
  context,
  api,
}) => {
  test.setTimeout(90_000);
  const sockets: string[] = [];
  const relayed: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(new URL(socket.url()).pathname);
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"t":"open"')) relayed.push(payload);
    });
  });
  const direct: string[] = [];
  context.on('request', (request) => {
    if (/\/(logs|telemetry)\/stream/.test(request.url())) direct.push(request.url());
  });
  await manyStreams(page, context, api);
  // the first streams of all the pages together go straight to the server, each its own request
  // (the fastest way), and the rest over the page's one WebSocket to the stream relay
  expect(direct.length).toBeGreaterThan(0);
  expect(direct.length).toBeLessThanOrEqual(LIMITS.directStreams);
  expect(sockets.filter((path) => path === '/api/_streams')).toHaveLength(1);
  expect(relayed.length).toBeGreaterThanOrEqual(11 - LIMITS.directStreams);
});
