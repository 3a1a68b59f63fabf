/**
 * What `npm run bench` runs, from its arguments: `--quick` (short runs for development), `--only
 * a,b` (some parts), `--soak` (the soak alone, or with the parts `--only` names),
 * `--soak-minutes N` (30 by default) and `--rounds N` (the firehose rounds, below).
 */
export const PARTS = [
  'bare',
  'firehose',
  'tail',
  'telemetry',
  'frontail',
  'scale',
  'start',
  'history',
  'together',
  'compare',
  'screen',
  'soak',
] as const;
export type Part = (typeof PARTS)[number];

/** A full run leaves the soak out: it takes half an hour. */
const FULL_RUN: readonly Part[] = PARTS.filter((part) => part !== 'soak');
const SOAK_MINUTES = 30;
/**
 * A firehose's share of the bare page moved by up to 12 points between consecutive full runs of
 * one build (2026-11-26): the goals are judged on the median of three alternated rounds.
 */
const FULL_RUN_ROUNDS = 3;

export interface Plan {
  quick: boolean;
  parts: Set<Part>;
  durationMs: number;
  tailRates: number[];
  telemetryRates: number[];
  scale: { logLines: number; telemetryEvents: number; runs: number };
  startRuns: number;
  history: { events: number; gap: number; runs: number };
  together: { lineRate: number; eventRate: number; lines: number; events: number; runs: number };
  compare: { events: number; runs: number };
  /** Colour changes timed in the live view; seconds of CPU measured per number of viewers. */
  screen: { changes: number; cpuSeconds: number };
  /** Minutes the soak samples for (one sample at the start, then one a minute). */
  soakMinutes: number;
  /**
   * Rounds of the firehose rows, each the bare page and Session Console in turn (the first of the
   * two alternating from round to round), per stream: a firehose goal is judged on the median of
   * its rounds' shares, not on one pair. Three in a full run, one in a quick run.
   */
  firehoseRounds: number;
}

function valueOf(argv: readonly string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  if (index === -1) return undefined;
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag} takes a value`);
  return value;
}

export function planFrom(argv: readonly string[]): Plan {
  const quick = argv.includes('--quick');
  const only = valueOf(argv, '--only');
  const minutes = valueOf(argv, '--soak-minutes');
  const soak = argv.includes('--soak') || minutes !== undefined;
  const parts = new Set<Part>(only === undefined && !soak ? FULL_RUN : []);
  for (const name of only?.split(',') ?? []) {
    if (!(PARTS as readonly string[]).includes(name))
      throw new Error(`--only takes ${PARTS.join(', ')}; got ${name}`);
    parts.add(name as Part);
  }
  if (soak) parts.add('soak');
  const soakMinutes = minutes === undefined ? SOAK_MINUTES : Number(minutes);
  if (!Number.isInteger(soakMinutes) || soakMinutes < 1)
    throw new Error(`--soak-minutes takes a whole number of minutes; got ${minutes}`);
  const rounds = valueOf(argv, '--rounds');
  const firehoseRounds = rounds === undefined ? (quick ? 1 : FULL_RUN_ROUNDS) : Number(rounds);
  if (!Number.isInteger(firehoseRounds) || firehoseRounds < 1)
    throw new Error(`--rounds takes a whole number of rounds; got ${rounds}`);
  const common = { quick, parts, soakMinutes, firehoseRounds };
  return quick
    ? {
        ...common,
        durationMs: 3_000,
        tailRates: [1_000, 20_000, 0],
        telemetryRates: [1_000, 0],
        scale: { logLines: 200_000, telemetryEvents: 20_000, runs: 3 },
        startRuns: 3,
        history: { events: 20_000, gap: 1_000, runs: 1 },
        together: { lineRate: 20_000, eventRate: 5_000, lines: 200_000, events: 20_000, runs: 3 },
        compare: { events: 20_000, runs: 1 },
        screen: { changes: 30, cpuSeconds: 5 },
      }
    : {
        ...common,
        durationMs: 20_000,
        tailRates: [1_000, 5_000, 20_000, 50_000, 100_000, 0],
        telemetryRates: [1_000, 5_000, 20_000, 50_000, 0],
        scale: { logLines: 1_000_000, telemetryEvents: 100_000, runs: 5 },
        startRuns: 5,
        history: { events: 100_000, gap: 1_000, runs: 3 },
        together: {
          lineRate: 20_000,
          eventRate: 5_000,
          lines: 1_000_000,
          events: 100_000,
          runs: 5,
        },
        compare: { events: 100_000, runs: 3 },
        screen: { changes: 60, cpuSeconds: 20 },
      };
}
