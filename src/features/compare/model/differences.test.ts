// Tests of what differs between two runs: errors, requests, pages and log lines, in order of importance.
import { describe, expect, it } from 'vitest';
import { checkout, SHOP } from '../testing/checkout-runs';
import {
  consoleError,
  logLine,
  raw,
  request,
  runEvents,
  telemetryOf,
  visit,
  type RunPart,
} from '../testing/run-kit';
import type { Differences, LogLine } from './difference-types';
import { findDifferences } from './differences';
import { computePages } from '../../../entities/session-events/model/pages';

const APP = `${SHOP}/assets/app.js`;

function differences(
  a: RunPart[],
  b: RunPart[],
  logsA?: LogLine[],
  logsB?: LogLine[],
): Differences {
  const facts = (parts: RunPart[], logs?: LogLine[]) => {
    const telemetry = telemetryOf(runEvents(parts));
    return { source: telemetry, network: telemetry.network, visits: computePages(telemetry), logs };
  };
  return findDifferences(facts(a, logsA), facts(b, logsB));
}

describe('findDifferences', () => {
  it('finds nothing between a run and itself', () => {
    const found = differences(checkout(), checkout());
    expect(found.list).toEqual([]);
    expect(found.pages.map((page) => [page.pattern, page.countA, page.countB])).toEqual([
      [`${SHOP}/`, 1, 1],
      [`${SHOP}/cart`, 1, 1],
      [`${SHOP}/orders/:id`, 1, 1],
    ]);
  });

  it('names an error only one run had, with its counts and where it is', () => {
    const error = consoleError("TypeError: Cannot read properties of undefined (reading 'rate')", {
      functionName: 'applyDiscount',
      url: APP,
      line: 88,
    });
    const found = differences(checkout(), checkout({ onProductPage: [error] }));
    expect(found.list).toHaveLength(1);
    expect(found.list[0]).toMatchObject({
      kind: 'error',
      countA: 0,
      countB: 1,
      exampleA: null,
      functionName: 'applyDiscount',
      file: APP,
      text:
        "error only in B: TypeError: Cannot read properties of undefined (reading 'rate') " +
        '(applyDiscount in app.js): 0 in A, 1 in B',
    });
    expect(found.list[0]?.kind === 'error' && found.list[0].exampleB).toBeGreaterThan(0);
  });

  it('groups the same error at other lines and ids, and counts it on both sides', () => {
    const at = (line: number, id: number) =>
      consoleError(`Order ${id} failed`, { functionName: 'pay', url: APP, line });
    const found = differences(
      checkout({ onProductPage: [at(10, 1)] }),
      checkout({ onProductPage: [at(12, 2), at(14, 3)] }),
    );
    expect(found.list).toMatchObject([
      { kind: 'error', countA: 1, countB: 2, message: 'Order # failed' },
    ]);
  });

  it('names a request whose status changed, and one that failed', () => {
    const status = differences(checkout(), checkout({ inventoryStatus: 500 }));
    expect(status.list).toMatchObject([
      {
        kind: 'request',
        change: 'status',
        method: 'GET',
        pattern: `${SHOP}/api/inventory?sku`,
        text: `GET ${SHOP}/api/inventory?sku: 200 in A, 500 in B`,
        outcomesA: ['200'],
        outcomesB: ['500'],
      },
    ]);
    const failed = differences(checkout(), checkout({ inventoryStatus: 'failed' }));
    expect(failed.list[0]).toMatchObject({
      change: 'failed',
      text: `GET ${SHOP}/api/inventory?sku: 200 in A, failed (net::ERR_CONNECTION_RESET) in B`,
    });
  });

  it('names a much slower request, but not a little slower one', () => {
    const slower = differences(checkout(), checkout({ inventoryMs: 900 }));
    expect(slower.list).toMatchObject([
      { kind: 'request', change: 'slower', medianMsA: 40, medianMsB: 900 },
    ]);
    expect(slower.list[0]?.text).toBe(
      `GET ${SHOP}/api/inventory?sku: much slower in B, 900 ms against 40 ms in A (medians)`,
    );
    expect(differences(checkout(), checkout({ inventoryMs: 200 })).list).toEqual([]);
  });

  it('names requests and pages of one run only, after errors and failures', () => {
    const extra = [request('GET', `${SHOP}/api/help`, 200, 10), visit(`${SHOP}/help`)];
    const found = differences(checkout(), checkout({ inventoryStatus: 503, afterCart: extra }));
    expect(
      found.list.map((each) => [
        each.kind,
        'change' in each ? each.change : null,
        each.countA,
        each.countB,
      ]),
    ).toEqual([
      ['request', 'status', 1, 1],
      ['page', 'only', 0, 1],
      ['page', 'only', 1, 0],
      ['request', 'only', 0, 1],
      ['request', 'only', 1, 0],
    ]);
    expect(found.list[1]?.text).toBe(`page only in B: ${SHOP}/help (1 visit)`);
  });

  it('puts the pages’ load times side by side and names a much slower one', () => {
    const loaded = (ms: number): RunPart[] => [
      visit(`${SHOP}/`),
      request('GET', `${SHOP}/app.js`, 200, ms),
      raw('page_load', { target_id: 'T-1' }),
    ];
    const found = differences(loaded(100), loaded(3_000));
    expect(found.pages[0]?.a?.loadMs).toBeCloseTo(300, 0);
    expect(found.pages[0]?.b?.loadMs).toBeCloseTo(3_200, 0);
    expect(found.list.find((each) => each.kind === 'page')).toMatchObject({
      change: 'worse',
      text: `page ${SHOP}/: load 3.2 s in B against 300 ms in A`,
    });
  });

  it('names error log patterns only one run has', () => {
    const found = differences(
      checkout(),
      checkout(),
      [logLine('ERROR cache miss for 123', true), logLine('INFO started')],
      [logLine('ERROR cache miss for 456', true), logLine('ERROR db timeout after 3000 ms', true)],
    );
    expect(found.list).toMatchObject([
      {
        kind: 'log',
        countA: 0,
        countB: 1,
        exampleB: 1,
        text: 'log error only in B: "ERROR db timeout after # ms" (1 line)',
      },
    ]);
  });

  it('reads events and lines with missing fields without throwing', () => {
    const broken: RunPart[] = [
      raw('page_navigation', null),
      raw('console_error', null),
      raw('console_error', { text: 7, stack_trace: { callFrames: 'x' } }),
      raw('network_request', { request_id: 'R-x' }),
      raw('network_response', { request_id: 'R-y', status: 'teapot' }),
      raw('network_loading_failed', null),
    ];
    const found = differences(
      broken,
      checkout(),
      [null as unknown as LogLine],
      [{ tsMs: 0, text: undefined as unknown as string, error: true }],
    );
    expect(found.list.length).toBeGreaterThan(0);
  });
});
