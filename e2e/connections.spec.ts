import { expect, test } from './fixtures.ts';
import { manyStreams } from './support/many-streams.ts';

test('ten log streams, eight pages and a clipboard send share one server over HTTP/1.1', async ({
  page,
  context,
  api,
}) => {
  test.setTimeout(90_000);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  await manyStreams(page, context, api);
  // the page's streams went over the stream relay: one WebSocket, not a connection per stream
  expect(sockets.filter((path) => path === '/api/_streams')).toHaveLength(1);
});
