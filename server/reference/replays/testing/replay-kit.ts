// What the replay tests share: a session page that keeps changing, and waiting for a condition.
import { CdpConnection } from '../../browser/cdp-connection.ts';

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** A page whose colour and text change every 100 ms: a screen with something to record. */
export const CHANGING_PAGE = `data:text/html,${encodeURIComponent(`<!doctype html>
<body style="margin:0;font:64px sans-serif">
<div id="t"></div>
<script>
let n = 0;
setInterval(() => {
  n += 1;
  document.body.style.background = 'hsl(' + (n * 17) % 360 + ' 70% 50%)';
  document.getElementById('t').textContent = 'tick ' + n;
}, 100);
</script>`)}`;

/** Opens `url` in the browser's first tab, through the session's `cdp_ws_url`, as an agent does. */
export async function showInBrowser(cdpWsUrl: string, url: string): Promise<void> {
  const connection = await CdpConnection.connect(cdpWsUrl);
  try {
    const { targetInfos } = await connection.send<{
      targetInfos: { targetId: string; type: string }[];
    }>('Target.getTargets');
    const tab = targetInfos.find((target) => target.type === 'page');
    if (!tab) throw new Error('the browser has no tab');
    const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: tab.targetId,
      flatten: true,
    });
    await connection.send('Page.navigate', { url }, sessionId);
  } finally {
    connection.close();
  }
}

/** Polls `check` until it returns something other than undefined (throws after `timeoutMs`). */
export async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no result within ${timeoutMs} ms`);
    await sleep(100);
  }
}
