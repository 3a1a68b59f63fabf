import type {
  CompareResult,
  HistoryResult,
  GoalResult,
  IngestResult,
  ScaleResult,
  StartResult,
  TogetherResult,
} from './results.ts';
import type { Latency, Spread } from './stats.ts';

/** The goals of the performance work; `evaluateGoals` reports each against what was measured. */
export const GOALS = {
  logFirehose: 250_000,
  telemetryFirehose: 100_000,
  tailRate: 50_000,
  lagAt1kP95Ms: 100,
  frameP95Ms: 33,
  longTaskMs: 200,
  heapMb: 300,
  queryMs: 150,
  jsGzipKb: 250,
  firstEventMs: 1_000,
  peerFactor: 10,
  historyFirstPageMs: 1_000,
  historyShareOfBare: 0.5,
  gapFillMs: 1_000,
  /** One frame at 60 Hz, as headless Chromium paints, with the probe's rounding. */
  oneFrameMs: 17,
  allFilterShareOfLogs: 1.1,
  compareShareOfReading: 1.25,
  liveViewP95Ms: 250,
  firehoseRecordingShareOfWithout: 0.9,
} as const;

export const int = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
export const ms = (value: number): string =>
  Number.isFinite(value) ? (value < 10 ? value.toFixed(1) : Math.round(value).toString()) : '–';

export function rateLabel(rate: number): string {
  return rate === 0 ? 'max' : `${int(rate)}/s`;
}

function spreadLabel(value: Spread, format: (n: number) => string = int): string {
  if (value.n === 0) return '–';
  if (value.n === 1) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

function lagLabel(lag: Latency | null): string {
  return lag === null ? '–' : `${ms(lag.p50)} / ${ms(lag.p95)} / ${ms(lag.p99)}`;
}

const CLIENT = { bare: 'bare page', console: 'Session Console', frontail: 'frontail' } as const;

/** Lays out rows of cells as a fixed-width text table with a rule under the header. */
export function textTable(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  const line = (row: string[]): string =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map(line),
  ].join('\n');
}

export function ingestTable(results: readonly IngestResult[]): string {
  const rows = [
    [
      'client',
      'stream',
      'source',
      'asked',
      'written',
      'delivered',
      'per s, median (range)',
      'lag ms p50/p95/p99',
      'frame p95',
      'long tasks (max ms)',
      'kept up',
    ],
  ];
  for (const result of results) {
    rows.push([
      CLIENT[result.client],
      result.stream,
      result.source,
      rateLabel(result.targetRate),
      int(result.written),
      int(result.delivered),
      spreadLabel(result.rate),
      lagLabel(result.lag),
      result.frames.n === 0 ? '–' : ms(result.frames.p95),
      result.client === 'bare' ? '–' : `${result.longTasks.count} (${ms(result.longTasks.max)})`,
      result.keptUp ? 'yes' : 'no',
    ]);
  }
  return textTable(rows);
}

export function scaleTable(scale: ScaleResult | null, start: StartResult | null): string {
  const rows = [['measure', 'figure']];
  if (scale) {
    rows.push(
      [`JS heap, ${int(scale.logLines)} log lines (after GC)`, `${int(scale.logHeapMb)} MB`],
      [
        `JS heap, ${int(scale.telemetryEvents)} telemetry events (after GC)`,
        `${int(scale.telemetryHeapMb)} MB`,
      ],
      ['JS heap, dashboard with nothing loaded', `${int(scale.baselineHeapMb)} MB`],
      [`time to load ${int(scale.logLines)} lines (firehose)`, `${int(scale.logLoadMs)} ms`],
      [`filter over ${int(scale.logLines)} lines, ms`, spreadLabel(scale.filterMs, ms)],
      [`search over ${int(scale.logLines)} lines, ms`, spreadLabel(scale.searchMs, ms)],
      [
        `scroll frame p95 / max, ${int(scale.logLines)} lines`,
        `${ms(scale.scrollFrames.p95)} / ${ms(scale.scrollFrames.max)} ms`,
      ],
    );
  }
  if (start) {
    rows.push(
      ['initial JS (gzip)', `${ms(start.jsKb)} KB (${ms(start.jsGzipKb)} KB)`],
      ['initial CSS (gzip)', `${ms(start.cssKb)} KB (${ms(start.cssGzipKb)} KB)`],
      ['page open to first event on screen, ms', spreadLabel(start.firstEventMs, ms)],
    );
  }
  return textTable(rows);
}

/** Highest rate asked of the writer that the client kept up with (flat out counts as what it reached). */
export function highestKeptUp(
  results: readonly IngestResult[],
  client: IngestResult['client'],
): number {
  let highest = 0;
  for (const result of results) {
    if (result.client !== client || result.source !== 'tail' || !result.keptUp) continue;
    highest = Math.max(highest, result.targetRate === 0 ? result.writeRate : result.targetRate);
  }
  return highest;
}

export function evaluateGoals(
  ingest: readonly IngestResult[],
  scale: ScaleResult | null,
  start: StartResult | null,
  history: HistoryResult | null = null,
  together: TogetherResult | null = null,
  compare: CompareResult | null = null,
): GoalResult[] {
  const goals: GoalResult[] = [];
  const firehose = (stream: 'logs' | 'telemetry', goal: number, unit: string): void => {
    const console = ingest.find(
      (r) => r.client === 'console' && r.source === 'firehose' && r.stream === stream,
    );
    const bare = ingest.find((r) => r.client === 'bare' && r.stream === stream);
    if (!console) return;
    const share =
      bare && bare.overallRate > 0
        ? ` (${Math.round((console.overallRate / bare.overallRate) * 100)}% of the bare page's ${int(bare.overallRate)}/s)`
        : '';
    goals.push({
      goal: `${stream} firehose ≥ ${int(goal)} ${unit}/s, every one accounted for, view kept up`,
      measured: `${int(console.overallRate)}/s, ${int(console.delivered)} of ${int(console.written)}, kept up: ${console.keptUp ? 'yes' : 'no'}${share}`,
      met: console.keptUp && console.overallRate >= goal,
    });
  };
  firehose('logs', GOALS.logFirehose, 'lines');
  firehose('telemetry', GOALS.telemetryFirehose, 'events');

  const tails = ingest.filter((r) => r.client === 'console' && r.source === 'tail');
  if (tails.length > 0) {
    const highest = highestKeptUp(ingest, 'console');
    goals.push({
      goal: `file tail ≥ ${int(GOALS.tailRate)} lines/s with the view keeping up`,
      measured: `kept up to ${int(highest)} lines/s`,
      met: highest >= GOALS.tailRate,
    });
    const at1k = tails.find((r) => r.targetRate === 1_000);
    if (at1k?.lag)
      goals.push({
        goal: `lag at 1,000 lines/s p95 < ${GOALS.lagAt1kP95Ms} ms`,
        measured: `p95 ${ms(at1k.lag.p95)} ms`,
        met: at1k.lag.p95 < GOALS.lagAt1kP95Ms,
      });
  }
  const keptUp = ingest.filter((r) => r.client === 'console' && r.keptUp);
  if (keptUp.length > 0) {
    const worstFrame = Math.max(...keptUp.map((r) => r.frames.p95));
    const worstTask = Math.max(...keptUp.map((r) => r.longTasks.max));
    goals.push({
      goal: `frame p95 < ${GOALS.frameP95Ms} ms and no long task > ${GOALS.longTaskMs} ms wherever the view kept up`,
      measured: `worst frame p95 ${ms(worstFrame)} ms, longest task ${ms(worstTask)} ms`,
      met: worstFrame < GOALS.frameP95Ms && worstTask <= GOALS.longTaskMs,
    });
  }
  if (scale) {
    goals.push({
      goal: `heap at 1,000,000 lines < ${GOALS.heapMb} MB`,
      measured: `${int(scale.logHeapMb)} MB at ${int(scale.logLines)} lines`,
      met: scale.logLines >= 1_000_000 ? scale.logHeapMb < GOALS.heapMb : null,
    });
    const slowest = Math.max(scale.filterMs.median, scale.searchMs.median);
    goals.push({
      goal: `filter or search over 1,000,000 lines < ${GOALS.queryMs} ms`,
      measured: `filter ${ms(scale.filterMs.median)} ms, search ${ms(scale.searchMs.median)} ms (medians)`,
      met: scale.logLines >= 1_000_000 ? slowest < GOALS.queryMs : null,
    });
  }
  if (start) {
    goals.push({
      goal: `initial JS < ${GOALS.jsGzipKb} KB gzip, first event on screen < ${int(GOALS.firstEventMs)} ms`,
      measured: `${ms(start.jsGzipKb)} KB, ${ms(start.firstEventMs.median)} ms`,
      met: start.jsGzipKb < GOALS.jsGzipKb && start.firstEventMs.median < GOALS.firstEventMs,
    });
  }
  const peer = ingest.filter((r) => r.client === 'frontail');
  if (peer.length > 0 && tails.length > 0) {
    const ours = highestKeptUp(ingest, 'console');
    const keptUpPeer = highestKeptUp(ingest, 'frontail');
    // when frontail keeps up with no rate, what its page sustains is the most it keeps up with
    const sustained = Math.max(...peer.map((r) => r.rate.median).filter(Number.isFinite), 0);
    const theirs = keptUpPeer > 0 ? keptUpPeer : sustained;
    const how = keptUpPeer > 0 ? 'kept up to' : 'kept up with no rate; its page sustained';
    goals.push({
      goal: `≥ ${GOALS.peerFactor}× the highest rate frontail keeps up with`,
      measured: `Session Console kept up to ${int(ours)} lines/s, frontail ${how} ${int(theirs)} lines/s: ${theirs > 0 ? `${Math.floor(ours / theirs)}×` : '–'}`,
      met: theirs > 0 ? ours >= GOALS.peerFactor * theirs : null,
    });
  }
  if (history) {
    goals.push({
      goal: `ended session: first history page on screen < ${int(GOALS.historyFirstPageMs)} ms`,
      measured: `${ms(history.firstPageMs.median)} ms`,
      met: history.firstPageMs.median < GOALS.historyFirstPageMs,
    });
    const share = history.bareRate > 0 ? history.rate / history.bareRate : 0;
    const heapOk = scale ? history.heapMb <= scale.telemetryHeapMb * 1.1 : null;
    goals.push({
      goal: `history of ${int(history.events)} events read at ≥ half the bare page's rate, heap ≤ the live timeline's`,
      measured: `${int(history.rate)}/s (${Math.round(share * 100)}% of the bare page's ${int(history.bareRate)}/s), heap ${int(history.heapMb)} MB${scale ? ` (live, ${int(scale.telemetryEvents)} events: ${int(scale.telemetryHeapMb)} MB)` : ''}`,
      met:
        history.events === history.bareEvents &&
        share >= GOALS.historyShareOfBare &&
        heapOk !== false,
    });
    goals.push({
      goal: `a gap of ${int(history.gapEvents)} filled from the history < ${int(GOALS.gapFillMs)} ms`,
      measured: `${ms(history.gapFillMs.median)} ms (${ms(history.gapFillMs.min)}–${ms(history.gapFillMs.max)})`,
      met: history.gapFillMs.median < GOALS.gapFillMs,
    });
  }
  if (together) {
    const { live, filter } = together;
    const all = live.delivered === live.written;
    goals.push({
      goal: `All view: a file at ${int(live.lineRate)} lines/s with telemetry at ${int(live.eventRate)} events/s, every row placed, frame p95 of one frame`,
      measured: `${int(live.delivered)} of ${int(live.written)} rows, frame p95 ${ms(live.frames.p95)} ms, longest task ${ms(live.longTasks.max)} ms, following: ${live.following ? 'yes' : 'no'}`,
      met: all && live.following && live.frames.p95 <= GOALS.oneFrameMs,
    });
    const limit = filter.logMs.median * GOALS.allFilterShareOfLogs;
    goals.push({
      goal: `All view filter over ${int(filter.lines)} lines and ${int(filter.events)} events ≤ the log view's over the lines alone, plus a tenth`,
      measured: `${ms(filter.allMs.median)} ms over ${int(filter.rows)} rows; the log view ${ms(filter.logMs.median)} ms (limit ${ms(limit)} ms)`,
      met: filter.rows === filter.lines + filter.events && filter.allMs.median <= limit,
    });
  }
  if (compare) {
    const { events } = compare;
    goals.push({
      goal: `two runs of ${int(compare.published)} events compared ≤ reading both histories, plus a quarter`,
      measured: `${ms(compare.completeSummaryMs.median)} ms, ${Math.round(compare.share * 100)}% of reading both (${ms(compare.readBothMs.median)} ms); first summary ${Math.round(compare.firstShare * 100)}%`,
      met:
        events.a >= compare.published &&
        events.b >= compare.published &&
        compare.share <= GOALS.compareShareOfReading,
    });
  }
  return goals;
}

/** Two runs compared, against reading both histories in their own views. */
export function compareTable(compare: CompareResult): string {
  const { events, firstSummaryEvents: first } = compare;
  return textTable([
    ['two runs compared', 'figure'],
    [`run A read in its view (${int(events.a)} events), ms`, spreadLabel(compare.readAMs, ms)],
    [`run B read in its view (${int(events.b)} events), ms`, spreadLabel(compare.readBMs, ms)],
    ['both read, summed, ms', spreadLabel(compare.readBothMs, ms)],
    [
      `compared: first summary (${int(first.a)} + ${int(first.b)} events), ms`,
      spreadLabel(compare.firstSummaryMs, ms),
    ],
    ['compared: summary of every event, ms', spreadLabel(compare.completeSummaryMs, ms)],
    [
      'comparison / both read: every event, first summary',
      `${Math.round(compare.share * 100)}%, ${Math.round(compare.firstShare * 100)}%`,
    ],
  ]);
}

/** The ended session's history and the filled gap, as read. */
export function historyTable(history: HistoryResult): string {
  return textTable([
    ['history', 'figure'],
    [
      `ended session, ${int(history.events)} events: first page on screen, ms`,
      spreadLabel(history.firstPageMs, ms),
    ],
    [`all of it read (Session Console), ms`, spreadLabel(history.loadMs, ms)],
    [`the same pages read by the bare page, ms`, spreadLabel(history.bareMs, ms)],
    [
      'events a second, Session Console / bare page',
      `${int(history.rate)} / ${int(history.bareRate)}`,
    ],
    ['JS heap after it (after GC)', `${int(history.heapMb)} MB`],
    [
      `gap of ${int(history.gapEvents)} filled from the history, ms`,
      spreadLabel(history.gapFillMs, ms),
    ],
  ]);
}

/** The All view, live and filtered, as measured. */
export function togetherTable(together: TogetherResult): string {
  const { live, filter } = together;
  return textTable([
    ['All view', 'figure'],
    [
      `live: ${int(live.lineRate)} lines/s + ${int(live.eventRate)} events/s, rows placed`,
      `${int(live.delivered)} of ${int(live.written)}`,
    ],
    [
      'live: frame p50 / p95 / max, ms',
      `${ms(live.frames.p50)} / ${ms(live.frames.p95)} / ${ms(live.frames.max)}`,
    ],
    [
      'live: write to screen p50 / p95, ms (rows are held 750 ms)',
      live.lag ? `${ms(live.lag.p50)} / ${ms(live.lag.p95)}` : '–',
    ],
    ['live: long tasks (count, longest ms)', `${live.longTasks.count}, ${ms(live.longTasks.max)}`],
    [
      `${int(filter.lines)} lines + ${int(filter.events)} events: All view built, ms`,
      int(filter.buildMs),
    ],
    [`filter, log view over ${int(filter.lines)} lines, ms`, spreadLabel(filter.logMs, ms)],
    [`filter, All view over ${int(filter.rows)} rows, ms`, spreadLabel(filter.allMs, ms)],
  ]);
}

export function goalsTable(goals: readonly GoalResult[]): string {
  return textTable([
    ['goal', 'measured', 'met'],
    ...goals.map((goal) => [
      goal.goal,
      goal.measured,
      goal.met === null ? 'n/a' : goal.met ? 'yes' : 'NO',
    ]),
  ]);
}
