import type { OverviewScreenshot } from '../../../entities/session-events/model/overview-gather';

/**
 * Screenshot thumbnails for the overview, made once per object URL. A loaded PNG is scaled down
 * into a small canvas and the full image let go, so a cached thumbnail costs kilobytes rather than
 * a decoded full-size bitmap. Entries whose URL is no longer in the overview (released under the
 * image cap) are dropped on `retain`.
 */
export interface ThumbnailCache {
  /** The thumbnail for `url`, or null while loading or after a failure (starts the load). */
  get(url: string): HTMLCanvasElement | null;
  /** Forgets every thumbnail not among these screenshots. */
  retain(screenshots: readonly OverviewScreenshot[]): void;
  clear(): void;
}

interface Entry {
  image: HTMLImageElement | null;
  thumbnail: HTMLCanvasElement | null;
}

/** Largest thumbnail kept, in device pixels (room for the strip's 40×24 CSS px at 2×). */
const MAX_WIDTH = 80;
const MAX_HEIGHT = 48;

function shrink(image: HTMLImageElement): HTMLCanvasElement | null {
  if (image.naturalWidth === 0 || image.naturalHeight === 0) return null;
  const scale = Math.min(1, MAX_WIDTH / image.naturalWidth, MAX_HEIGHT / image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** `onLoad` runs when a thumbnail becomes drawable, so the strip can repaint. */
export function createThumbnailCache(onLoad: () => void): ThumbnailCache {
  const entries = new Map<string, Entry>();
  const settle = (entry: Entry): void => {
    if (!entry.image) return;
    entry.image.onload = null;
    entry.image.onerror = null;
    entry.image = null;
  };
  const load = (url: string): Entry => {
    const image = new Image();
    const entry: Entry = { image, thumbnail: null };
    image.onload = () => {
      entry.thumbnail = shrink(image);
      settle(entry);
      if (entry.thumbnail) onLoad();
    };
    image.onerror = () => settle(entry);
    image.decoding = 'async';
    image.src = url;
    return entry;
  };
  return {
    get(url) {
      let entry = entries.get(url);
      if (!entry) {
        entry = load(url);
        entries.set(url, entry);
      }
      return entry.thumbnail;
    },
    retain(screenshots) {
      if (entries.size === 0) return;
      const live = new Set<string>();
      for (const shot of screenshots) if (shot.url) live.add(shot.url);
      for (const [url, entry] of entries) {
        if (live.has(url)) continue;
        settle(entry);
        entries.delete(url);
      }
    },
    clear() {
      for (const entry of entries.values()) settle(entry);
      entries.clear();
    },
  };
}
