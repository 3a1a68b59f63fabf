// The session's screen as a stream of frames, shared by everyone who watches it: the live view's
// viewers and the replay recorder. One CDP screencast of the active tab runs while anyone is
// subscribed (screenshots at the recordings' pace instead, while only recordings watch a page
// that keeps painting), and follows the tab when another becomes active. Also: a frame's size.

/** One frame of the screen: a JPEG as the browser painted it, its size, and when it came. */
export interface ScreenFrame {
  jpeg: Buffer;
  /** The frame's own size in pixels. */
  width: number;
  height: number;
  /** Wall clock (ms since the epoch) when the frame arrived from the browser. */
  capturedAtMs: number;
  /**
   * The page's viewport the frame shows, in CSS pixels: where input coordinates land (the frame
   * itself may be scaled down from it).
   */
  viewport?: { width: number; height: number };
}

export interface ScreenSource {
  /**
   * Frames from now on; the latest frame already held, if any, is given first. Returns the
   * unsubscribe. The screencast runs while at least one subscriber is left, as fast as the
   * fastest of them asks (`maxFps`; a viewer that does not say gets about 30 a second).
   */
  subscribe(listener: (frame: ScreenFrame) => void, options?: { maxFps?: number }): () => void;
  /** The newest frame seen, if any. */
  latest(): ScreenFrame | undefined;
}

/** Width and height of a JPEG, from its first start-of-frame marker; undefined when none. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = jpeg.readUInt16BE(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}
