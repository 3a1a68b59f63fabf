import WebSocket from 'ws';

/** Status of a WebSocket upgrade that is refused (rejects when it is accepted). */
export function refusedUpgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.on('error', (error) => reject(error));
  });
}
