import { describe, expect, it } from 'vitest';
import { sharedReference } from '../testing/reference-harness.ts';
import { findChromium } from './browser/chromium-process.ts';
import { parseScreenshotBody } from './screenshot-route.ts';

const chromium = findChromium().path;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('a screenshot body', () => {
  it('is optional, and its region must be whole pixels on the screen', () => {
    expect(parseScreenshotBody(undefined)).toBeUndefined();
    expect(parseScreenshotBody({})).toBeUndefined();
    expect(parseScreenshotBody({ region: { x: 0, y: 5, width: 10, height: 20 } })).toEqual({
      x: 0,
      y: 5,
      width: 10,
      height: 20,
    });
    for (const region of [
      'all',
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0, y: 0, width: 0, height: 10 },
      { x: 0, y: 0, width: 10.5, height: 10 },
      { x: 0, y: 0, width: 10 },
    ])
      expect(() => parseScreenshotBody({ region })).toThrow(/region/);
    expect(() => parseScreenshotBody([1])).toThrow(/JSON object/);
  });
});

describe.skipIf(!chromium)('screenshots of a session browser (real Chromium)', () => {
  const shared = sharedReference({ browser: true });

  it('takes a PNG of the screen or of a region of it, by id or by name', async () => {
    const browser = await shared.client.browsers.create({
      name: 'screenshot test · 1',
      telemetry: { enabled: true },
    });
    const whole = Buffer.from(
      await (
        await shared.client.browsers.computer.captureScreenshot(browser.session_id)
      ).arrayBuffer(),
    );
    expect(whole.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(pngSize(whole).width).toBeGreaterThan(300);

    const region = { x: 10, y: 20, width: 200, height: 100 };
    const part = await shared.client.browsers.computer.captureScreenshot('screenshot test · 1', {
      region,
    });
    expect(part.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await part.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(pngSize(png)).toEqual({ width: 200, height: 100 });

    const { width, height } = pngSize(whole);
    await expect(
      shared.client.browsers.computer.captureScreenshot(browser.session_id, {
        region: { x: width - 10, y: 0, width: 20, height: 10 },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(`${width}×${height}`),
    });
    await expect(
      shared.client.browsers.computer.captureScreenshot(browser.session_id, {
        region: { x: 0, y: 0, width: 0, height: 10 },
      }),
    ).rejects.toMatchObject({ status: 400 });

    // a screenshot drives the browser: an api_call (control), as the clipboard's calls
    const history = await shared.h.call(
      `/browsers/${browser.session_id}/telemetry/events?since=1h&limit=100&category=control`,
    );
    const calls = (
      (await history.json()) as {
        event: { type: string; data?: { operation_id?: string; status?: number } };
      }[]
    )
      .filter((envelope) => envelope.event.type === 'api_call')
      .map((envelope) => `${envelope.event.data?.operation_id} ${envelope.event.data?.status}`);
    expect(calls).toEqual(expect.arrayContaining(['takeScreenshot 200', 'takeScreenshot 400']));
  }, 30_000);
});
