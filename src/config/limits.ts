/** Every cap and interval of the dashboard, in one place. */
export const LIMITS = {
  /** Log lines retained per log stream before the oldest are evicted (configurable in the UI). */
  logLinesDefault: 200_000,
  logLinesMax: 2_000_000,
  /**
   * A log tab's filter over many lines tests the newest `newestLines` at once (the rows in view
   * when following) and the older ones after, newest first, in tasks of about `sliceMs`
   * (`sliceLines` at a time), the view told every `showEveryMs` and at the end: the first frame
   * does not wait for every line (a million took 100 ms or more).
   */
  logFilterPace: { newestLines: 50_000, sliceLines: 25_000, sliceMs: 12, showEveryMs: 100 },
  /** Telemetry events retained per session. */
  telemetryEventsDefault: 100_000,
  telemetryEventsMax: 1_000_000,
  /** Screenshot images kept as object URLs; older ones are released (their events stay). */
  screenshotImages: 200,
  screenshotImageBytes: 200 * 1024 * 1024,
  /**
   * One-off requests (session lookup, clipboard write and read) give up when the whole answer,
   * body included, has not come within this: the user sees a failure with a retry instead of a
   * control that waits forever.
   */
  requestTimeoutMs: 10_000,
  /**
   * The log stream has no keepalive (a quiet file sends nothing), so it has no silence watchdog;
   * an attempt whose response headers have not come within this is given up and replaced.
   */
  streamHeadersTimeoutMs: 15_000,
  /** Upstream keepalive interval of the telemetry stream, and the margin before it counts as stalled. */
  telemetryKeepaliveMs: 15_000,
  stallMarginMs: 10_000,
  /** Reconnect backoff. */
  backoffInitialMs: 500,
  backoffMaxMs: 30_000,
  /**
   * The stream worker posts decoded items at most `streamWorkerBatchMs` after the first of a batch
   * arrived, or at once when `streamWorkerBatchItems` are pending; it reports byte activity (for the
   * stall watchdog) at most once per `streamWorkerTouchMs`.
   */
  streamWorkerBatchMs: 4,
  streamWorkerBatchItems: 2_048,
  streamWorkerTouchMs: 250,
  /**
   * Items of one stream the worker lets the page hold before the page has taken them into its
   * store; beyond that the worker stops reading the connection (stream-worker-host.ts). Measured
   * on the firehoses: log lines are small and cheap, so the log window is wide (a narrower one
   * left the page waiting for the worker); a telemetry event is heavier, and a wide window kept
   * tens of megabytes of waiting events in the page's young generation, which every garbage
   * collection copied.
   */
  streamWorkerWindow: { logs: 65_536, telemetry: 16_384 },
  /**
   * The stream relay (lib/sse/relay-fetch.ts): body bytes of one stream in flight before the page
   * has read them; how long opening its WebSocket may take before streams go direct (one HTTP
   * connection each), and how long they stay direct before the relay is asked again.
   */
  streamRelay: { windowBytes: 1_048_576, connectTimeoutMs: 4_000, retryAfterMs: 60_000 },
  /**
   * Streams of all this origin's tabs together that go straight to the server, each its own
   * request (lib/sse/direct-slots.ts); the rest go through the relay. Four of the browser's six
   * HTTP/1.1 connections, so that two stay free for short requests.
   */
  directStreams: 4,
  /**
   * A stream that brought at least `items` to one showing is shown at most every
   * `delayMs` until it calms down: rendering each frame of a flood costs the CPU that reading it
   * needs, and nobody reads a thousand rows an update. A stream with a backlog is taken in slices
   * of `sliceMs`, each its own task, so that input and frames are never held up longer. Short of
   * a backlog, items are taken as they arrive, so a frame has only the showing to do; updates of a
   * dozen items or more come every third frame at most (`spaced`). Such an update changes nearly
   * every row in view, and on a slow machine its style, layout and paint overran a frame now and
   * then: following 1,000 events a second, one frame in fifteen ran long with an update every
   * other frame, one in eighty with one every third. At 20,000 a second (a thousand an update),
   * one in ten ran long with updates every third frame, one in thirty as a flood.
   */
  flood: {
    items: 1_000,
    delayMs: 100,
    sliceMs: 12,
    takeOnArrival: true,
    spaced: { items: 12, intervalMs: 50 },
  },
  /** Clipboard send history kept in memory. */
  clipboardHistory: 10,
  /**
   * Screen reader announcements of new errors: gathered for `announceGatherMs`, then said at most
   * once per `announceGapMs`, and cleared from the live region after `announceClearMs`. Telemetry
   * events older than `announceHistoryMs` when watching began are history, not news.
   */
  announceGatherMs: 1_000,
  announceGapMs: 5_000,
  announceClearMs: 10_000,
  announceHistoryMs: 5_000,
  /**
   * Every reader of pages (the history, gap filling, the sessions list) asks for pages within a
   * budget: `burst` at once, then `perSecond` (a healthy history read takes about 200 pages of 100
   * events a second, so it is not held back). A page that adds nothing new counts; from the second
   * such page in a row the next request waits `idleBackoffMs`, doubling up to `idleBackoffMaxMs`,
   * and `idlePagesMax` such pages in a row end the read with a message.
   */
  pagedRead: {
    burst: 100,
    perSecond: 250,
    idlePagesMax: 4,
    idleBackoffMs: 250,
    idleBackoffMaxMs: 2_000,
  },
  /**
   * Sessions kept of one page of the sessions list: a server that ignores the page size asked for
   * and sends more has the rest left out, and the list says so. "Live for 5 min" in the list is
   * read again every `sessionsClockMs`.
   */
  sessionsPageMax: 1_000,
  sessionsClockMs: 30_000,
  /**
   * Regular expressions a person types or a link carries. One runs on the browser's own engine
   * only when its backtracking is bounded by at most `nativeWorkMax` steps at each position of a
   * line (src/lib/regex/pattern-shape.ts), else on the linear-time engine. Highlighting the
   * matches of one line stops after `highlightBudgetMs` (past that the rest are not marked).
   */
  userRegex: { nativeWorkMax: 256, highlightBudgetMs: 10 },
  /**
   * What the page reads of a debug bundle it opens (app/bundle/read-bundle.ts): `maxBytes`
   * unpacked in all, `entryMaxBytes` of one part (a part becomes one string, and a browser's
   * strings end near 512 MB; a longer telemetry or log file shows the lines of its first
   * `entryMaxBytes`), at most `maxEntries` entries. A part that unpacks to more than `maxRatio`
   * times its packed size (once past `ratioFromBytes`) is a run of one repeated pattern, what zip
   * bombs are made of (deflate cannot pack tighter than about 1,032 to 1), and is not read.
   */
  bundle: {
    maxBytes: 768 * 1024 * 1024,
    entryMaxBytes: 256 * 1024 * 1024,
    maxEntries: 10_000,
    maxRatio: 1_000,
    ratioFromBytes: 1024 * 1024,
  },
  /**
   * Lines of a log stream with no stated time before them (its first lines, those after a
   * reconnect) take the next stated time as an estimate, up to this many in a row: a longer run is
   * a stream that states no time, and its lines keep the time they were read.
   */
  logTimeEstimateRunMax: 1_000,
  /** A countdown on screen ("retrying in 3 s") reads the clock again this often. */
  countdownTickMs: 500,
} as const;
