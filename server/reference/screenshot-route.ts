// `POST /browsers/{id}/computer/screenshot`: a PNG of the session's active tab (the newest open
// one, as for the clipboard and the screen), the whole viewport or a region of it
// (`{region: {x, y, width, height}}` in CSS pixels from the viewport's top left).
import { HttpError, isRecord, parseJsonBody, readBody } from '../shared/http.ts';
import { CdpConnection } from './browser/cdp-connection.ts';
import type { SessionRoute } from './session-route.ts';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Largest side of a region, in pixels. */
const MAX_SIDE = 16_384;
const CAPTURE_TIMEOUT_MS = 15_000;

/** Reads a screenshot body; undefined for the whole viewport; 400 when wrong. */
export function parseScreenshotBody(body: unknown): Region | undefined {
  if (body === undefined) return undefined;
  if (!isRecord(body))
    throw new HttpError(400, 'bad_request', 'request body must be a JSON object');
  if (body.region === undefined || body.region === null) return undefined;
  const region = body.region;
  if (!isRecord(region))
    throw new HttpError(400, 'bad_request', 'region must be an object {x, y, width, height}');
  const read = (field: keyof Region, min: number): number => {
    const value = region[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_SIDE)
      throw new HttpError(
        400,
        'bad_request',
        `region.${field} must be an integer from ${min} to ${MAX_SIDE}`,
      );
    return value;
  };
  return { x: read('x', 0), y: read('y', 0), width: read('width', 1), height: read('height', 1) };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The browser's newest tab: its DevTools list (`/json/list`, next to the `ws://` endpoint) has
 * the tabs newest first, where `Target.getTargets` keeps no order.
 */
async function newestTab(wsUrl: string): Promise<string | undefined> {
  const list = new URL('/json/list', wsUrl.replace(/^ws/, 'http'));
  const tabs = (await (await fetch(list, { signal: AbortSignal.timeout(5000) })).json()) as {
    id?: string;
    type?: string;
  }[];
  return tabs.find((tab) => tab.type === 'page' && typeof tab.id === 'string')?.id;
}

/** Captures the newest tab of the browser at `wsUrl` over a connection of its own. */
export async function capturePage(wsUrl: string, region: Region | undefined): Promise<Buffer> {
  const targetId = await newestTab(wsUrl);
  if (!targetId) throw new HttpError(409, 'conflict', 'the browser has no open tab to capture');
  const connection = await CdpConnection.connect(wsUrl);
  try {
    const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const metrics = await connection.send<{
      cssVisualViewport?: {
        pageX: number;
        pageY: number;
        clientWidth: number;
        clientHeight: number;
      };
    }>('Page.getLayoutMetrics', {}, sessionId);
    const viewport = metrics.cssVisualViewport;
    const params: Record<string, unknown> = { format: 'png' };
    if (region) {
      const width = Math.round(viewport?.clientWidth ?? 0);
      const height = Math.round(viewport?.clientHeight ?? 0);
      if (region.x + region.width > width || region.y + region.height > height)
        throw new HttpError(
          400,
          'bad_request',
          `the region (${region.width}×${region.height} at ${region.x},${region.y}) goes past the screen (${width}×${height})`,
        );
      // the clip is in the page's coordinates: the region is on the screen, wherever it scrolled
      params.clip = {
        x: region.x + (viewport?.pageX ?? 0),
        y: region.y + (viewport?.pageY ?? 0),
        width: region.width,
        height: region.height,
        scale: 1,
      };
    }
    const shot = await connection.send<{ data: string }>(
      'Page.captureScreenshot',
      params,
      sessionId,
    );
    return Buffer.from(shot.data, 'base64');
  } finally {
    connection.close();
  }
}

export function screenshotRoute(maxBodyBytes: number): SessionRoute {
  return {
    method: 'POST',
    suffix: '/computer/screenshot',
    operationId: 'takeScreenshot',
    handler: async ({ req, res, session }) => {
      const region = parseScreenshotBody(parseJsonBody(await readBody(req, maxBodyBytes)));
      const reason = session.browserUnavailableReason;
      const wsUrl = session.browser?.upstreamUrl;
      if (reason || !wsUrl)
        throw new HttpError(
          409,
          'conflict',
          `the session has no browser to capture: ${reason ?? 'it is restarting'}`,
        );
      let png: Buffer;
      try {
        png = await withTimeout(capturePage(wsUrl, region), CAPTURE_TIMEOUT_MS, 'the screenshot');
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(
          502,
          'bad_gateway',
          `the browser could not take the screenshot: ${(error as Error).message}`,
        );
      }
      res.writeHead(200, {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': 'no-store',
      });
      res.end(png);
    },
  };
}
