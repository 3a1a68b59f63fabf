/**
 * Runs made by hand for the comparison's tests: a run is a list of parts (a page visit, an agent's
 * command, a click, a request with its outcome, a console error, any raw event), laid out one
 * after another on a clock and read into a timeline as an exported file is (createFileTimeline).
 */
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import type { TelemetryEvent } from '../../../types/api';
import type { RunInput, RunTelemetry } from '../model/compare';
import type { LogLine } from '../model/difference-types';

/** 2024-01-01T00:00:00Z in microseconds: where runs start unless shifted. */
export const RUN_T0 = 1_704_067_200_000_000;
/** Time between one part and the next, µs. */
const PART_GAP_US = 100_000;
const TARGET = 'T-1';

interface Clock {
  /** µs of the part being laid out. */
  nowUs: number;
  /** Parts laid out so far: makes request and loader ids unique in a run. */
  serial: number;
  navSeq: number;
}

/** A part of a run: the events it adds at the clock's time; it may move the clock on. */
export type RunPart = (clock: Clock) => TelemetryEvent[];

function event(
  clock: Clock,
  type: string,
  category: string,
  data: Record<string, unknown> | null,
  atUs = clock.nowUs,
): TelemetryEvent {
  return { ts: atUs, type, category, source: { kind: 'cdp' }, data };
}

/** A top-level navigation of the run's tab to `url`. */
export function visit(url: string): RunPart {
  return (clock) => {
    clock.navSeq += 1;
    return [
      event(clock, 'page_navigation', 'page', {
        url,
        target_id: TARGET,
        frame_id: 'F-MAIN',
        loader_id: `L-${clock.serial}`,
        nav_seq: clock.navSeq,
      }),
    ];
  };
}

/** A command an agent sent the browser (`cdp_command`), with its reported arguments. */
export function command(method: string, args: Record<string, unknown> = {}): RunPart {
  return (clock) => [event(clock, 'cdp_command', 'control', { method, ...args })];
}

/** A click the page saw on `selector` (with the element's text, when given). */
export function click(selector: string, text?: string): RunPart {
  return (clock) => [
    event(clock, 'interaction_click', 'interaction', {
      selector,
      tag: 'BUTTON',
      x: 10,
      y: 20,
      target_id: TARGET,
      ...(text === undefined ? {} : { text }),
    }),
  ];
}

/**
 * A request and its outcome `durationMs` later: a response with `status`, or a failure when
 * `status` is `failed`. The clock moves on past its end.
 */
export function request(
  method: string,
  url: string,
  status: number | 'failed',
  durationMs: number,
): RunPart {
  return (clock) => {
    const requestId = `R-${clock.serial}`;
    const common = { request_id: requestId, target_id: TARGET, url, method };
    const endUs = clock.nowUs + durationMs * 1000;
    const start = event(clock, 'network_request', 'network', {
      ...common,
      resource_type: 'Fetch',
    });
    const end =
      status === 'failed'
        ? event(
            clock,
            'network_loading_failed',
            'network',
            { request_id: requestId, error_text: 'net::ERR_CONNECTION_RESET', canceled: false },
            endUs,
          )
        : event(clock, 'network_response', 'network', { ...common, status }, endUs);
    clock.nowUs = endUs;
    return [start, end];
  };
}

export interface Frame {
  functionName: string;
  url: string;
  line?: number;
  column?: number;
}

/** A console error with `message`, thrown at `frame` when given. */
export function consoleError(message: string, frame?: Frame): RunPart {
  return (clock) => [
    event(clock, 'console_error', 'console', {
      text: message,
      target_id: TARGET,
      ...(frame
        ? {
            stack_trace: {
              callFrames: [
                {
                  functionName: frame.functionName,
                  scriptId: '1',
                  url: frame.url,
                  lineNumber: frame.line ?? 0,
                  columnNumber: frame.column ?? 0,
                },
              ],
            },
          }
        : {}),
    }),
  ];
}

/** Any event, as it comes (data may be null, fields missing). */
export function raw(
  type: string,
  data: Record<string, unknown> | null,
  category?: string,
): RunPart {
  return (clock) => [event(clock, type, category ?? type.split('_')[0] ?? 'other', data)];
}

/** A name made of letters for a number (`a`, `b`, … `ba`): ids in names would be taken out. */
export function letters(number: number): string {
  let text = '';
  let rest = Math.max(0, Math.floor(number));
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** The same parts `times` times over. */
export function repeat(times: number, parts: (index: number) => RunPart[]): RunPart[] {
  const all: RunPart[] = [];
  for (let index = 0; index < times; index += 1) all.push(...parts(index));
  return all;
}

/** The events of a run's parts, one part after another (`shiftUs`: a clock that disagrees). */
export function runEvents(parts: readonly RunPart[], shiftUs = 0): TelemetryEvent[] {
  const clock: Clock = { nowUs: RUN_T0 + shiftUs, serial: 0, navSeq: 0 };
  const events: TelemetryEvent[] = [];
  for (const part of parts) {
    clock.serial += 1;
    for (const each of part(clock)) events.push(each);
    clock.nowUs += PART_GAP_US;
  }
  return events;
}

/** A timeline's buffer holding `events` (seq 1, 2, …), read as an exported file is. */
export function telemetryOf(events: readonly TelemetryEvent[], name = 'run.jsonl'): RunTelemetry {
  const timeline = createFileTimeline({
    name,
    envelopes: events.map((each, at) => ({ seq: at + 1, event: each })),
    problems: [],
    capacity: events.length + 1,
  });
  return timeline.buffer;
}

export interface RunOptions {
  /** Moves every time of the run by this much (µs). */
  shiftUs?: number;
  logs?: LogLine[];
}

/** A run made of `parts`, ready to compare. */
export function makeRun(parts: readonly RunPart[], options: RunOptions = {}): RunInput {
  return {
    telemetry: telemetryOf(runEvents(parts, options.shiftUs)),
    ...(options.logs ? { logs: options.logs } : {}),
  };
}

/** A log line (error or not) at `tsMs`. */
export function logLine(text: string, error = false, tsMs = RUN_T0 / 1000): LogLine {
  return { tsMs, text, error };
}
