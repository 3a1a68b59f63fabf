/** The benchmark's tables: ingest rows, scale and start, history, the All view, two runs compared, goals. */
import { rowLabel } from './failure.ts';
import { heapPerByte } from './goals.ts';
import { int, lagLabel, mb, ms, rateLabel, spreadLabel, textTable } from './format.ts';
import type {
  CompareResult,
  HistoryResult,
  GoalResult,
  IngestResult,
  ScaleResult,
  StartResult,
  TogetherResult,
} from './results.ts';

const MB = 2 ** 20;
const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');

const CLIENT = { bare: 'bare page', console: 'Session Console', frontail: 'frontail' } as const;

/** `firehose`, or `firehose, round 2` for a row measured in rounds. */
const sourceLabel = (result: IngestResult): string =>
  result.round === undefined ? result.source : `${result.source}, round ${result.round}`;

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
  const failed: string[] = [];
  for (const result of results) {
    if (result.error !== undefined) {
      failed.push(`FAILED ${rowLabel(result)}: ${result.error}`);
      rows.push([
        CLIENT[result.client],
        result.stream,
        sourceLabel(result),
        rateLabel(result.targetRate),
        ...Array<string>(6).fill('–'),
        'FAILED',
      ]);
      continue;
    }
    rows.push([
      CLIENT[result.client],
      result.stream,
      sourceLabel(result),
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
  return [textTable(rows), ...failed].join('\n');
}

/** The heap of a timeline that followed events as they came, beside their JSON bytes. */
function followingRow(following: NonNullable<ScaleResult['following']>): [string, string] {
  const { events, tapped, bytes, heapMb, baselineHeapMb } = following;
  return [
    `JS heap, ${int(events)} events followed at ${int(following.rate)}/s, each row drawn (after GC): over the baseline; their JSON bytes; per byte`,
    `${mb((heapMb - baselineHeapMb) * MB)}; ${mb(bytes)} (${int(tapped)} events); ${ratio(heapPerByte(heapMb, baselineHeapMb, bytes))}`,
  ];
}

export function scaleTable(scale: ScaleResult | null, start: StartResult | null): string {
  const rows = [['measure', 'figure']];
  if (scale) {
    rows.push(
      [
        `JS heap, ${int(scale.logLines)} log lines (after GC): in all, over the baseline`,
        `${mb(scale.logHeapMb * MB)}, ${mb((scale.logHeapMb - scale.baselineHeapMb) * MB)}`,
      ],
      [
        `the lines' UTF-8 bytes; heap over the baseline per byte`,
        `${mb(scale.logBytes)}; ${ratio(heapPerByte(scale.logHeapMb, scale.baselineHeapMb, scale.logBytes))}`,
      ],
      [
        'JS heap before the lines (session and an empty log tab open)',
        mb(scale.baselineHeapMb * MB),
      ],
      [
        `JS heap, ${int(scale.telemetryEvents)} telemetry events (after GC): in all, over the baseline`,
        `${mb(scale.telemetryHeapMb * MB)}, ${mb((scale.telemetryHeapMb - scale.telemetryBaselineHeapMb) * MB)}`,
      ],
      [
        `the events' JSON bytes; heap over the baseline per byte`,
        `${mb(scale.telemetryBytes)}; ${ratio(heapPerByte(scale.telemetryHeapMb, scale.telemetryBaselineHeapMb, scale.telemetryBytes))}`,
      ],
      [
        "JS heap before the events (the session's empty timeline)",
        mb(scale.telemetryBaselineHeapMb * MB),
      ],
      ...(scale.networkHeapMb === undefined
        ? []
        : [
            [
              'JS heap, the same events with the Network view open (after GC): over the baseline; per byte',
              `${mb((scale.networkHeapMb - scale.telemetryBaselineHeapMb) * MB)}; ${ratio(heapPerByte(scale.networkHeapMb, scale.telemetryBaselineHeapMb, scale.telemetryBytes))}`,
            ],
          ]),
      ...(scale.following ? [followingRow(scale.following)] : []),
      [`time to load ${int(scale.logLines)} lines (firehose)`, `${int(scale.logLoadMs)} ms`],
      [
        `filter over ${int(scale.logLines)} lines, first frame, ms`,
        spreadLabel(scale.filterMs, ms),
      ],
      ...(scale.filterSettledMs
        ? [
            [
              `filter over ${int(scale.logLines)} lines, every line tested, ms`,
              spreadLabel(scale.filterSettledMs, ms),
            ] as [string, string],
          ]
        : []),
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
    ...(filter.heapBeforeAllMb !== undefined && filter.heapWithAllMb !== undefined
      ? [
          [
            'heap after GC: the lines and events, then with the All view (bytes a row)',
            `${filter.heapBeforeAllMb.toFixed(0)} MB, ${filter.heapWithAllMb.toFixed(0)} MB (${int(((filter.heapWithAllMb - filter.heapBeforeAllMb) * MB) / Math.max(1, filter.rows))})`,
          ],
        ]
      : []),
    [
      `filter, log view over ${int(filter.lines)} lines (every line tested), ms`,
      spreadLabel(filter.logMs, ms),
    ],
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
