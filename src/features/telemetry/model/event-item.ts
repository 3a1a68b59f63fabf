import type { TelemetryEvent } from '../../../types/api';
import { describeEvent } from './catalogue';
import type { EventItem, ScreenshotImage } from './types';

/** The PNG behind each live object URL, for export (fetching a blob: URL is outside the CSP). */
const blobs = new Map<string, Blob>();

export function imageBlob(url: string): Blob | undefined {
  return blobs.get(url);
}

/** Releases an image's object URL and its bytes. */
export function releaseImage(image: ScreenshotImage): void {
  if (!image.url) return;
  URL.revokeObjectURL(image.url);
  blobs.delete(image.url);
  image.url = null;
}

/** Turns a base64 PNG into an object URL; null when it is not valid base64 or URLs are missing. */
export function imageFromBase64(base64: string): ScreenshotImage | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const blob = new Blob([bytes], { type: 'image/png' });
  const url = URL.createObjectURL(blob);
  blobs.set(url, blob);
  return { url, bytes: bytes.length };
}

/**
 * A timeline item for a received event: its summary, error flag and level computed once, and a
 * screenshot's PNG moved out of `data` into an object URL. Its search text waits for a search.
 */
export function makeEventItem(
  seq: number,
  event: TelemetryEvent,
  epoch: number,
  receivedUs: number,
): Omit<EventItem, 'index'> {
  let screenshot: ScreenshotImage | undefined;
  const data = event.data;
  if (event.type === 'monitor_screenshot' && data && typeof data.png === 'string') {
    const { png, ...rest } = data;
    event.data = rest;
    screenshot = imageFromBase64(png as string) ?? undefined;
  }
  const described = describeEvent(event);
  return {
    kind: 'event',
    seq,
    epoch,
    event,
    tsUs: Number.isFinite(event.ts) ? event.ts : receivedUs,
    summary: described.summary,
    error: described.error,
    level: described.level,
    ...(screenshot ? { screenshot } : {}),
  };
}
