// The session's screen as a stream of frames, shared by everyone who watches it: the live view's
// viewers and the replay recorder. One CDP screencast of the active tab runs while anyone is
// subscribed, and follows the tab when another becomes active.

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
