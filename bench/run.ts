/**
 * `npm run bench`: measures the dashboard in headless Chromium against the reference server on this
 * machine, next to a bare page (the ceiling) and frontail (a peer). Prints one table and writes
 * bench/results/latest.json. `--quick` is a short run for development; `--only a,b` runs some
 * parts: bare, firehose, tail, telemetry, frontail, scale, start, history, together, compare,
 * screen (on a second server whose sessions have browsers); `--soak` runs the soak alone (or with
 * the parts `--only` names) for 30 minutes, or `--soak-minutes N`, and writes soak.json. A row
 * that fails is recorded with its cause and the run goes on; the exit code is then 1.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from './lib/browser.ts';
import { causeOf, failedIngest, rowLabel, type IngestRow } from './lib/failure.ts';
import { evaluateGoals, partFailureGoals } from './lib/goals.ts';
import { planFrom, type Part } from './lib/plan.ts';
import {
  compareTable,
  goalsTable,
  historyTable,
  ingestTable,
  scaleTable,
  togetherTable,
} from './lib/report.ts';
import { screenGoals, screenTable } from './lib/report-screen.ts';
import { soakGoals, soakTable } from './lib/report-soak.ts';
import type {
  BenchReport,
  CompareResult,
  HistoryResult,
  IngestResult,
  RowFailure,
  ScaleResult,
  ScreenResult,
  SoakResult,
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
import { measureSoak } from './suites/soak.ts';
import { measureStart } from './suites/start.ts';
import { measureTogether } from './suites/together.ts';

async function main(): Promise<void> {
  const plan = planFrom(process.argv.slice(2));
  const began = Date.now();
  const log = (message: string): void => {
    const seconds = ((Date.now() - began) / 1_000).toFixed(0).padStart(4);
    console.log(`[${seconds}s] ${message}`);
  };
  const port = Number(process.env.BENCH_PORT || 7390);
  // the soak starts a server of its own; the other parts share this one
  const needsServer = [...plan.parts].some((part) => part !== 'soak');
  if (needsServer) log(`starting the console server on port ${port} (builds dist/ when stale)`);
  const server = needsServer ? await startBenchServer(port) : null;
  const browser = await launchBrowser();
  const context: BenchContext | null = server
    ? { server, browser, durationMs: plan.durationMs, log }
    : null;
  const runs = (part: Part): BenchContext | null => (plan.parts.has(part) ? context : null);
  const ingest: IngestResult[] = [];
  const failures: RowFailure[] = [];
  let scale: ScaleResult | null = null;
  let start: StartResult | null = null;
  let history: HistoryResult | null = null;
  let together: TogetherResult | null = null;
  let compare: CompareResult | null = null;
  let screen: ScreenResult | null = null;
  let soak: SoakResult | null = null;

  /** Logs and records why a row or part failed; the cause, on one line. */
  const failed = (part: Part, row: string, error: unknown): string => {
    const cause = causeOf(error);
    failures.push({ part, row, error: cause });
    log(`  ${row}: ${cause}`);
    return cause;
  };
  /** The part's measurement, or null (the failure recorded) when it fails. */
  const attempt = async <T>(
    part: Part,
    row: string,
    measure: () => Promise<T>,
  ): Promise<T | null> => {
    try {
      return await measure();
    } catch (error) {
      failed(part, row, error);
      return null;
    }
  };
  /** One ingest row: measured and logged, or kept as failed with its cause. */
  const ingestRow = async (
    part: Part,
    row: IngestRow,
    measure: () => Promise<IngestResult>,
  ): Promise<IngestResult> => {
    const label = rowLabel(row);
    log(row.client === 'console' ? `Session Console, ${label}` : label);
    let result: IngestResult;
    try {
      result = { ...(await measure()), ...(row.round === undefined ? {} : { round: row.round }) };
      log(
        `  ${Math.round(result.overallRate).toLocaleString('en-US')}/s, ` +
          `${result.delivered.toLocaleString('en-US')} of ${result.written.toLocaleString('en-US')}, ` +
          `lag p95 ${result.lag ? Math.round(result.lag.p95) : '–'} ms, kept up: ${result.keptUp}`,
      );
    } catch (error) {
      result = failedIngest(row, failed(part, label, error));
    }
    ingest.push(result);
    return result;
  };

  try {
    for (const stream of ['logs', 'telemetry'] as const) {
      const rounds = plan.firehoseRounds;
      for (let round = 1; round <= rounds; round += 1) {
        const firehose = {
          stream,
          source: 'firehose',
          targetRate: 0,
          ...(rounds > 1 ? { round } : {}),
        } as const;
        const bare = runs('bare');
        const ours = runs('firehose');
        const measureBareRow = async (): Promise<void> => {
          if (bare)
            await ingestRow('bare', { client: 'bare', ...firehose }, () =>
              measureBare(bare, stream),
            );
        };
        const measureOurs = async (): Promise<void> => {
          if (ours)
            await ingestRow('firehose', { client: 'console', ...firehose }, () =>
              measureConsoleFirehose(ours, stream),
            );
        };
        // which of the two goes first alternates, so that neither always meets the machine as
        // the other left it
        if (round % 2 === 1) {
          await measureBareRow();
          await measureOurs();
        } else {
          await measureOurs();
          await measureBareRow();
        }
      }
    }
    const tail = runs('tail');
    if (tail)
      for (const rate of plan.tailRates)
        await ingestRow(
          'tail',
          { client: 'console', stream: 'logs', source: 'tail', targetRate: rate },
          () => measureConsoleTail(tail, rate),
        );
    const telemetry = runs('telemetry');
    if (telemetry)
      for (const rate of plan.telemetryRates)
        await ingestRow(
          'telemetry',
          { client: 'console', stream: 'telemetry', source: 'publish', targetRate: rate },
          () => measureConsolePublish(telemetry, rate),
        );
    const frontail = runs('frontail');
    if (frontail) {
      // once frontail has fallen behind twice, higher rates cannot go better
      let misses = 0;
      for (const rate of plan.tailRates) {
        if (misses >= 2) break;
        const result = await ingestRow(
          'frontail',
          { client: 'frontail', stream: 'logs', source: 'tail', targetRate: rate },
          () => measureFrontail(frontail, rate, port + 5),
        );
        if (!result.keptUp) misses += 1;
      }
    }
    const scaled = runs('scale');
    if (scaled) {
      log(
        `scale: ${plan.scale.logLines.toLocaleString('en-US')} lines, ${plan.scale.telemetryEvents.toLocaleString('en-US')} events`,
      );
      scale = await attempt('scale', 'scale', () => measureScale(scaled, plan.scale));
    }
    const started = runs('start');
    if (started) {
      log('start: bundle size and first event on screen');
      start = await attempt('start', 'start', () => measureStart(started, plan.startRuns));
    }
    const historic = runs('history');
    if (historic) {
      log(
        `history: an ended session of ${plan.history.events.toLocaleString('en-US')} events, a gap of ${plan.history.gap.toLocaleString('en-US')}`,
      );
      history = await attempt('history', 'history', () => measureHistory(historic, plan.history));
    }
    const all = runs('together');
    if (all) {
      log('together: the All view, live and filtered');
      together = await attempt('together', 'All view', () => measureTogether(all, plan.together));
    }
    const compared = runs('compare');
    if (compared) {
      log(
        `compare: two ended runs of ${plan.compare.events.toLocaleString('en-US')} events, read and compared`,
      );
      compare = await attempt('compare', 'compare', () => measureCompare(compared, plan.compare));
    }
    const screened = runs('screen');
    if (screened) {
      log(`screen: a server with session browsers on port ${port + 7}`);
      screen = await attempt('screen', 'screen', () =>
        measureScreen(screened, { port: port + 7, ...plan.screen, rounds: plan.firehoseRounds }),
      );
    }
    if (plan.parts.has('soak')) {
      log(
        `soak: ${plan.soakMinutes} min on the demo session, a server with session browsers on port ${port + 9}`,
      );
      soak = await attempt('soak', 'soak', () =>
        measureSoak({ browser, log }, { port: port + 9, minutes: plan.soakMinutes }),
      );
    }
  } finally {
    const version = browser.version();
    await browser.close();
    await server?.stop();
    const goals = [
      ...evaluateGoals({ ingest, scale, start, history, together, compare, failures }),
      ...screenGoals(screen),
      ...soakGoals(soak),
      ...partFailureGoals(failures),
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
      soak,
      failures,
      goals,
      elapsedSeconds: Math.round((Date.now() - began) / 1_000),
    };
    const name = plan.parts.has('soak') ? 'soak.json' : plan.quick ? 'quick.json' : 'latest.json';
    const out = path.join(projectRoot, 'bench/results', name);
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
    if (soak) console.log(`${soakTable(soak)}\n`);
    if (goals.length > 0) console.log(`${goalsTable(goals)}\n`);
    for (const failure of failures) console.log(`FAILED ${failure.row}: ${failure.error}`);
    console.log(`written to ${path.relative(projectRoot, out)}`);
    if (failures.length > 0) process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
