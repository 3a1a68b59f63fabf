import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PNG_BASE64,
  PNG_BYTES,
  stubObjectUrls,
  telemetryEvent,
  type ObjectUrlStubs,
} from '../testing/telemetry-test-kit';
import { imageBlob, makeEventItem, releaseImage } from './event-item';

let urls: ObjectUrlStubs;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => urls.restore());

const screenshot = (png: unknown) =>
  makeEventItem(1, telemetryEvent(1, { type: 'monitor_screenshot', data: { png, w: 1 } }), 0, 0);

describe('makeEventItem screenshots', () => {
  it('moves the PNG out of data into an object URL', () => {
    const item = screenshot(PNG_BASE64);
    expect(item.event.data).toEqual({ w: 1 });
    expect(item.screenshot).toEqual({ url: 'blob:test/1', bytes: PNG_BYTES });
    const blob = urls.create.mock.calls[0]?.[0];
    expect(blob?.type).toBe('image/png');
    expect(blob?.size).toBe(PNG_BYTES);
  });

  it('keeps the event without an image when the PNG is not base64', () => {
    const item = screenshot('not base64!');
    expect(item.screenshot).toBeUndefined();
    expect(item.event.data).toEqual({ w: 1 });
    expect(urls.create).not.toHaveBeenCalled();
  });

  it('lets the export read back the PNG of a held image', () => {
    const item = screenshot(PNG_BASE64);
    expect(imageBlob(item.screenshot?.url ?? '')?.size).toBe(PNG_BYTES);
  });

  it('releases an image once: revokes its URL and forgets its bytes', () => {
    const image = screenshot(PNG_BASE64).screenshot;
    if (!image) throw new Error('no image');
    releaseImage(image);
    releaseImage(image);
    expect(urls.revoke).toHaveBeenCalledExactlyOnceWith('blob:test/1');
    expect(image.url).toBeNull();
    expect(imageBlob('blob:test/1')).toBeUndefined();
  });
});
