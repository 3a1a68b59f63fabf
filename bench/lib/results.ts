import type { Latency, Spread } from './stats.ts';

/** One ingest measurement: a stream at a rate (0: as fast as possible) into one page. */
export interface IngestResult {
  /** bare page, Session Console or frontail. */
  client: 'bare' | 'console' | 'frontail';
  stream: 'logs' | 'telemetry';
  /** firehose: pre-rendered frames from the server; tail: a file the server tails; publish: events posted to the server. */
  source: 'firehose' | 'tail' | 'publish';
  /** Lines or events per second asked of the writer; 0 is as fast as it can. */
  targetRate: number;
  /** Lines or events written (or sent by the firehose). */
  written: number;
  /** What the writer reached, per second. */
  writeRate: number;
  /** Lines or events that reached the client's store (bare page: parsed). */
  delivered: number;
  /** Delivered per second in 1 s windows while arriving: median and range. */
  rate: Spread;
  /** Delivered per second from the first to the last arrival. */
  overallRate: number;
  /** Write to on screen, ms (null without writer stamps). */
  lag: Latency | null;
  /** Animation frame intervals, ms. */
  frames: Latency;
  longTasks: { count: number; max: number };
  /** Everything delivered and the view still current (see README: Performance). */
  keptUp: boolean;
  note?: string;
  /**
   * A firehose row measured in alternated rounds (bare page and Session Console in turn, see
   * plan.ts `firehoseRounds`): which round, from 1. Absent for rows measured once.
   */
  round?: number;
  /** Why the row could not be measured (its figures are then empty and it counts as failed). */
  error?: string;
}

export interface ScaleResult {
  /** Lines the log tab retained, and their UTF-8 bytes (the line texts, no newlines). */
  logLines: number;
  logBytes: number;
  /** Heap after GC with the lines retained (the whole page; the goal takes it less the baseline). */
  logHeapMb: number;
  logLoadMs: number;
  /** From the edit to the first frame showing the filter's matches (the newest lines' first). */
  filterMs: Spread;
  /** From the edit to the first frame with every retained line tested (absent before it was kept). */
  filterSettledMs?: Spread;
  searchMs: Spread;
  scrollFrames: Latency;
  scrollLongTasks: { count: number; max: number };
  /** Events the timeline retained, and their JSON bytes as the stream sent them (each event object). */
  telemetryEvents: number;
  telemetryBytes: number;
  telemetryHeapMb: number;
  /**
   * Heap after GC of the same page before the data: the session open with an empty log tab (the
   * lines' page), the session's empty timeline (the events' page).
   */
  baselineHeapMb: number;
  telemetryBaselineHeapMb: number;
  /**
   * Heap after GC with the same events and the Network view open (its rows made). Absent from
   * results written before it was measured.
   */
  networkHeapMb?: number;
  /**
   * A timeline that followed events published at `rate`, each row drawn as it came: the events it
   * gained, those a second reader of the stream saw and their JSON bytes, its heap after GC with
   * them and before them. Absent from results written before it was measured.
   */
  following?: {
    rate: number;
    events: number;
    tapped: number;
    bytes: number;
    heapMb: number;
    baselineHeapMb: number;
  };
}

export interface StartResult {
  jsGzipKb: number;
  cssGzipKb: number;
  jsKb: number;
  cssKb: number;
  firstEventMs: Spread;
}

export interface HistoryResult {
  /** Events of the ended session the dashboard read, and the bare page. */
  events: number;
  bareEvents: number;
  /** From Open session to the first history row on screen. */
  firstPageMs: Spread;
  /** From Open session to all of it read (the dashboard), or from the first request (bare). */
  loadMs: Spread;
  bareMs: Spread;
  /** Events a second, medians. */
  rate: number;
  bareRate: number;
  /** Heap after reading it all (after GC). */
  heapMb: number;
  /** A gap the live stream dropped: its size, and from its appearing to it being filled. */
  gapEvents: number;
  gapFillMs: Spread;
}

/** Two ended runs compared, against reading both histories in their own views. */
export interface CompareResult {
  /** Events published into each session, and the events each one's view read. */
  published: number;
  events: { a: number; b: number };
  /** From Open session to all of the history read, each run, and the two summed per round. */
  readAMs: Spread;
  readBMs: Spread;
  readBothMs: Spread;
  /** From Compare (the token given) to the first summary on screen, and the events it counted. */
  firstSummaryMs: Spread;
  firstSummaryEvents: { a: number; b: number };
  /** From Compare to the summary counting every event of both runs. */
  completeSummaryMs: Spread;
  /** Medians: the complete (and the first) summary over reading both histories. */
  share: number;
  firstShare: number;
}

/** The All view: live with a tailed file and published telemetry at once, and its filter. */
export interface TogetherResult {
  live: {
    lineRate: number;
    eventRate: number;
    /** Lines and events written, and rows the All view placed of them. */
    written: number;
    delivered: number;
    lag: Latency | null;
    frames: Latency;
    longTasks: { count: number; max: number };
    /** The view still followed the newest rows at the end. */
    following: boolean;
  };
  filter: {
    lines: number;
    events: number;
    /** Rows the All view held (lines and events). */
    rows: number;
    /** From choosing the All view to every row in it, ms. */
    buildMs: number;
    /**
     * The page's heap after GC with the lines and events in the log view, and with the All view
     * built over them: what its rows cost (absent in results written before it was measured).
     */
    heapBeforeAllMb?: number;
    heapWithAllMb?: number;
    /**
     * The same text filter: the log view over its lines (to every line tested, since it shows the
     * newest first), the All view over lines and events.
     */
    logMs: Spread;
    allMs: Spread;
  };
}

/** One round of the firehose beside a recording: the firehose without one and with one running. */
export interface RecordingRound {
  without: IngestResult;
  recording: IngestResult;
  recordingFirst: boolean;
  /** The server's descendants' CPU (browsers and ffmpeg) above the run without, % of a core. */
  extraCpuPct: number | null;
  /** ffmpeg's own CPU while the firehose ran with the recording, % of a core. */
  ffmpegPct: number | null;
}

/** The session's screen: the live view's latency and cost, and a recording beside the firehose. */
export interface ScreenResult {
  /** A page that changes colour: from the change to the viewer's canvas painting it, ms. */
  latency: { changes: number; missed: number; ms: Latency };
  /** While the page animates: CPU as % of one core over `seconds`, by viewers watching. */
  cpu: {
    seconds: number;
    rows: {
      viewers: number;
      /** The console server process; its descendants (the session browser). Null without /proc. */
      serverPct: number | null;
      browserPct: number | null;
      /** Frames each viewer drew a second (mean over the viewers). */
      framesPerSecond: number | null;
    }[];
  };
  /**
   * The telemetry firehose on the same server: the bare page, then rounds without and with a
   * recording (which goes first alternating). `without`, `recording`, their CPU and `recorded` are
   * the round whose share (with over without) is the median.
   */
  firehose: {
    bare: IngestResult;
    without: IngestResult;
    recording: IngestResult;
    /** Every round, in order (absent in results written before rounds). */
    rounds?: RecordingRound[];
    /** CPU while each ran (calibration and run): the server, its descendants (browsers, ffmpeg). */
    cpuWithout: { serverPct: number; descendantsPct: number } | null;
    cpuRecording: { serverPct: number; descendantsPct: number } | null;
    /** The recording made meanwhile: its length and its MP4's size (null if not written). */
    recorded: { seconds: number; bytes: number | null };
  };
}

/** One minute's sample of the soak: the dashboard on the demo session, and its server. */
export interface SoakSample {
  /** Minutes since the first sample (taken once the view was open and live). */
  minute: number;
  /** The dashboard page's JS heap after GC. */
  heapMb: number;
  /** Elements in the dashboard's document. */
  domNodes: number;
  /** The console server's resident memory, and the sum of its descendants' (the session browser). */
  serverRssMb: number | null;
  descendantsRssMb: number | null;
  /** Lines the log tab retained, and their UTF-8 bytes (the log file less its newlines). */
  logLines: number | null;
  logBytesMb: number | null;
  /** Events the session sent since the page opened (the timeline kept them), their JSON bytes. */
  timelineEvents: number | null;
  timelineBytesMb: number | null;
  /** Frames the Screen panel's live view had drawn. */
  liveViewFrames: number | null;
}

/** The soak: the demo session with a log tab and the Screen panel open, sampled each minute. */
export interface SoakResult {
  minutes: number;
  /**
   * The items the timeline was set to keep: the dashboard's smallest choice, so that the events
   * it keeps reach their cap within the soak and a flat heap can be told from a leak.
   */
  timelineKeep?: number;
  sessionId: string;
  logPath: string;
  samples: SoakSample[];
}

/** A row or part of the run that could not be measured, and why; the others went on. */
export interface RowFailure {
  /** The part of the run (bare, firehose, …, soak). */
  part: string;
  /** The row, as the progress log names it. */
  row: string;
  error: string;
}

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  chromium: string;
  node: string;
  platform: string;
}

export interface BenchReport {
  date: string;
  quick: boolean;
  durationSeconds: number;
  machine: Machine;
  ingest: IngestResult[];
  scale: ScaleResult | null;
  start: StartResult | null;
  history: HistoryResult | null;
  together: TogetherResult | null;
  compare: CompareResult | null;
  screen: ScreenResult | null;
  soak: SoakResult | null;
  /** Rows and parts that failed; each is also shown failed in the tables and goals. */
  failures: RowFailure[];
  goals: GoalResult[];
  elapsedSeconds: number;
}

export interface GoalResult {
  goal: string;
  measured: string;
  met: boolean | null;
}
