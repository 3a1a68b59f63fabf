/**
 * `npm run bench`: measures the dashboard in headless Chromium against the reference server on this
 * machine, next to a bare page (the ceiling) and frontail (a peer). Prints one table and writes
 * bench/results/latest.json. `--quick` is a short run for development; `--only a,b` runs some
 * parts: bare, firehose, tail, telemetry, frontail, scale, start, history, together, compare,
 * screen (on a second server whose sessions have browsers).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from './lib/browser.ts';
import {
  compareTable,
  evaluateGoals,
  goalsTable,
  historyTable,
  ingestTable,
  rateLabel,
  scaleTable,
  togetherTable,
} from './lib/report.ts';
import { screenGoals, screenTable } from './lib/report-screen.ts';
import type {
  BenchReport,
  CompareResult,
  HistoryResult,
  IngestResult,
  ScaleResult,
  ScreenResult,
  StartResult,
  TogetherResult,
} from './lib/results.ts';
import { projectRoot, startBenchServer } from './lib/server.ts';
import { measureCompare } from './suites/compare.ts';
import { measureFrontail } from './suites/frontail.ts';
import {
  measureBare,
  measureConsoleFirehose,
  measureConsolePublish,
  measureConsoleTail,
  type BenchContext,
} from './suites/ingest.ts';
import { measureScale } from './suites/scale.ts';
import { measureScreen } from './suites/screen.ts';
import { measureHistory } from './suites/history.ts';
import { measureStart } from './suites/start.ts';
import { measureTogether } from './suites/together.ts';

const PARTS = [
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
] as const;
type Part = (typeof PARTS)[number];

interface Plan {
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
}

function planFrom(argv: string[]): Plan {
  const quick = argv.includes('--quick');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex === -1 ? undefined : argv[onlyIndex + 1];
  const parts = new Set<Part>(PARTS);
  if (only !== undefined) {
    parts.clear();
    for (const name of only.split(',')) {
      if (!(PARTS as readonly string[]).includes(name))
        throw new Error(`--only takes ${PARTS.join(', ')}; got ${name}`);
      parts.add(name as Part);
    }
  }
  return quick
    ? {
        quick,
        parts,
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
        quick,
        parts,
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

async function main(): Promise<void> {
  const plan = planFrom(process.argv.slice(2));
  const began = Date.now();
  const log = (message: string): void => {
    const seconds = ((Date.now() - began) / 1_000).toFixed(0).padStart(4);
    console.log(`[${seconds}s] ${message}`);
  };
  const port = Number(process.env.BENCH_PORT || 7390);
  log(`starting the console server on port ${port} (builds dist/ when stale)`);
  const server = await startBenchServer(port);
  const browser = await launchBrowser();
  const context: BenchContext = { server, browser, durationMs: plan.durationMs, log };
  const ingest: IngestResult[] = [];
  let scale: ScaleResult | null = null;
  let start: StartResult | null = null;
  let history: HistoryResult | null = null;
  let together: TogetherResult | null = null;
  let compare: CompareResult | null = null;
  let screen: ScreenResult | null = null;
  const record = (result: IngestResult): void => {
    ingest.push(result);
    log(
      `  ${result.client} ${result.stream} ${result.source} ${rateLabel(result.targetRate)}: ` +
        `${Math.round(result.overallRate).toLocaleString('en-US')}/s, ` +
        `${result.delivered.toLocaleString('en-US')} of ${result.written.toLocaleString('en-US')}, ` +
        `lag p95 ${result.lag ? Math.round(result.lag.p95) : '–'} ms, kept up: ${result.keptUp}`,
    );
  };
  try {
    for (const stream of ['logs', 'telemetry'] as const) {
      if (plan.parts.has('bare')) {
        log(`bare page, ${stream} firehose`);
        record(await measureBare(context, stream));
      }
      if (plan.parts.has('firehose')) {
        log(`Session Console, ${stream} firehose`);
        record(await measureConsoleFirehose(context, stream));
      }
    }
    if (plan.parts.has('tail')) {
      for (const rate of plan.tailRates) {
        log(`Session Console, file tail at ${rateLabel(rate)}`);
        record(await measureConsoleTail(context, rate));
      }
    }
    if (plan.parts.has('telemetry')) {
      for (const rate of plan.telemetryRates) {
        log(`Session Console, telemetry published at ${rateLabel(rate)}`);
        record(await measureConsolePublish(context, rate));
      }
    }
    if (plan.parts.has('frontail')) {
      // once frontail has fallen behind twice, higher rates cannot go better
      let misses = 0;
      for (const rate of plan.tailRates) {
        if (misses >= 2) break;
        log(`frontail, file tail at ${rateLabel(rate)}`);
        const result = await measureFrontail(context, rate, port + 5);
        record(result);
        if (!result.keptUp) misses += 1;
      }
    }
    if (plan.parts.has('scale')) {
      log(
        `scale: ${plan.scale.logLines.toLocaleString('en-US')} lines, ${plan.scale.telemetryEvents.toLocaleString('en-US')} events`,
      );
      scale = await measureScale(context, plan.scale);
    }
    if (plan.parts.has('start')) {
      log('start: bundle size and first event on screen');
      start = await measureStart(context, plan.startRuns);
    }
    if (plan.parts.has('history')) {
      log(
        `history: an ended session of ${plan.history.events.toLocaleString('en-US')} events, a gap of ${plan.history.gap.toLocaleString('en-US')}`,
      );
      history = await measureHistory(context, plan.history);
    }
    if (plan.parts.has('together')) {
      log('together: the All view, live and filtered');
      together = await measureTogether(context, plan.together);
    }
    if (plan.parts.has('compare')) {
      log(
        `compare: two ended runs of ${plan.compare.events.toLocaleString('en-US')} events, read and compared`,
      );
      compare = await measureCompare(context, plan.compare);
    }
    if (plan.parts.has('screen')) {
      log(`screen: a server with session browsers on port ${port + 7}`);
      screen = await measureScreen(context, { port: port + 7, ...plan.screen });
    }
  } finally {
    const version = browser.version();
    await browser.close();
    await server.stop();
    const goals = [
      ...evaluateGoals(ingest, scale, start, history, together, compare),
      ...screenGoals(screen),
    ];
    const report: BenchReport = {
      date: new Date().toISOString(),
      quick: plan.quick,
      durationSeconds: plan.durationMs / 1_000,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        chromium: version,
        node: process.version,
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
      },
      ingest,
      scale,
      start,
      history,
      together,
      compare,
      screen,
      goals,
      elapsedSeconds: Math.round((Date.now() - began) / 1_000),
    };
    const out = path.join(projectRoot, 'bench/results', plan.quick ? 'quick.json' : 'latest.json');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
    const { machine } = report;
    console.log(
      `\nSession Console benchmark, ${report.date.slice(0, 10)}${plan.quick ? ' (quick)' : ''}: ` +
        `${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Chromium ${machine.chromium}, Node ${machine.node}; ` +
        `${report.durationSeconds} s per rate; ${report.elapsedSeconds} s in all\n`,
    );
    if (ingest.length > 0) console.log(`${ingestTable(ingest)}\n`);
    if (scale || start) console.log(`${scaleTable(scale, start)}\n`);
    if (history) console.log(`${historyTable(history)}\n`);
    if (together) console.log(`${togetherTable(together)}\n`);
    if (compare) console.log(`${compareTable(compare)}\n`);
    if (screen) console.log(`${screenTable(screen)}\n`);
    if (goals.length > 0) console.log(`${goalsTable(goals)}\n`);
    console.log(`written to ${path.relative(projectRoot, out)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
