// A comparison of two runs of 1,000,000 events each: it completes, finds what differs, and says how long it took.
import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../../types/api';
import { letters, RUN_T0, telemetryOf } from '../testing/run-kit';
import { compareRuns } from './compare';

const SHOP = 'https://shop.test';
const VISITS = 100;
const EVENTS_PER_VISIT = 10_000;
const REQUESTS_PER_VISIT = 400;
const CLICKS_PER_VISIT = 20;
/** The visit with more distinct steps than the cap (5,000) keeps. */
const BUSY_VISIT = 50;
const BUSY_CLICKS = 6_000;
/** From this visit on, run B goes to the help pages instead. */
const DETOUR = 70;
const SOURCE = { kind: 'cdp' };

/**
 * A run of VISITS × EVENTS_PER_VISIT events: on each page, clicks (with the agent's press and
 * release before each), requests with their responses, an error seen in every run, and mouse
 * moves to fill. Run B differs: a 500 and an error of its own on page 30, extra clicks on the
 * busy page, and help pages from page DETOUR on.
 */
function bigRun(run: 'A' | 'B'): TelemetryEvent[] {
  const events: TelemetryEvent[] = [];
  let ts = RUN_T0;
  const push = (type: string, category: string, data: Record<string, unknown>): void => {
    events.push({ ts, type, category, source: SOURCE, data });
    ts += 500;
  };
  const moved = { method: 'Input.dispatchMouseEvent', event_type: 'mouseMoved', x: 5, y: 5 };
  const pressed = {
    method: 'Input.dispatchMouseEvent',
    event_type: 'mousePressed',
    button: 'left',
  };
  const released = { ...pressed, event_type: 'mouseReleased' };
  for (let visit = 0; visit < VISITS; visit += 1) {
    const start = events.length;
    const detour = run === 'B' && visit >= DETOUR;
    push('page_navigation', 'page', {
      url: detour ? `${SHOP}/help/${visit}` : `${SHOP}/${letters(visit % 10)}/${1000 + visit}`,
      target_id: 'T-1',
      frame_id: 'F-1',
      loader_id: `L-${visit}`,
      nav_seq: visit + 1,
    });
    if (visit === BUSY_VISIT) {
      for (let click = 0; click < BUSY_CLICKS; click += 1) {
        push('interaction_click', 'interaction', { selector: `#item-${letters(click)}` });
        if (run === 'B' && click % 1000 === 500)
          push('interaction_click', 'interaction', { selector: `#extra-${letters(click)}` });
      }
    } else {
      for (let click = 0; click < CLICKS_PER_VISIT; click += 1) {
        push('cdp_command', 'control', pressed);
        push('cdp_command', 'control', released);
        const selector = `#${detour ? 'help' : 'item'}-${letters(click)}`;
        push('interaction_click', 'interaction', { selector, tag: 'BUTTON' });
      }
    }
    for (let request = 0; request < REQUESTS_PER_VISIT; request += 1) {
      const id = `R-${visit}-${request}`;
      const url = `${SHOP}/api/${letters(request % 20)}/${visit * 1000 + request}`;
      push('network_request', 'network', { request_id: id, url, method: 'GET' });
      const failing = run === 'B' && visit === 30 && request === 0;
      push('network_response', 'network', { request_id: id, url, status: failing ? 500 : 200 });
    }
    const frame = {
      functionName: 'stock',
      scriptId: '1',
      url: `${SHOP}/app.js`,
      lineNumber: visit,
      columnNumber: 1,
    };
    push('console_error', 'console', {
      text: `Item ${visit * 7} is out of stock`,
      stack_trace: { callFrames: [frame] },
    });
    if (run === 'B' && visit === 30)
      push('console_error', 'console', {
        text: 'TypeError: cart is undefined',
        stack_trace: { callFrames: [frame] },
      });
    while (events.length - start < EVENTS_PER_VISIT) push('cdp_command', 'control', moved);
  }
  return events;
}

describe('compareRuns at scale', () => {
  it('compares two runs of 1,000,000 events each (time on the console)', () => {
    const built = performance.now();
    const a = telemetryOf(bigRun('A'), 'a.jsonl');
    const b = telemetryOf(bigRun('B'), 'b.jsonl');
    const buildMs = performance.now() - built;
    const started = performance.now();
    const comparison = compareRuns({ telemetry: a }, { telemetry: b });
    const compareMs = performance.now() - started;
    console.log(
      `compareRuns on 2 × ${comparison.eventsA.toLocaleString('en-US')} events: ` +
        `${Math.round(compareMs)} ms (building the two timelines: ${Math.round(buildMs)} ms)`,
    );

    expect(comparison.eventsA).toBe(1_000_000);
    expect(comparison.eventsB).toBe(1_000_000);
    const { alignment, differences } = comparison;
    expect(alignment.exact).toBe(false);
    expect(alignment.notes).toEqual([
      'run A: 1 page had more than 5,000 steps; only the first 5,000 of each are compared (1,000 steps left out)',
      'run B: 1 page had more than 5,000 steps; only the first 5,000 of each are compared (1,006 steps left out)',
      expect.stringMatching(/^the runs have too many steps to line up exactly/),
    ]);
    // 50 pages of 41 steps, the busy page's own row, then its first 501 clicks in common
    expect(alignment.divergence).toBe(50 * 41 + 1 + 501);
    expect(alignment.rows[alignment.divergence ?? 0]?.b?.key).toBe('click #extra-tg');
    expect(
      alignment.rows.some(
        (row) => row.a?.key === `visit ${SHOP}/a/:id` && row.b?.key === `visit ${SHOP}/help/:id`,
      ),
    ).toBe(true);
    expect(differences.list.slice(0, 2)).toMatchObject([
      { kind: 'error', countA: 0, countB: 1, message: 'TypeError: cart is undefined' },
      { kind: 'request', change: 'status', pattern: `${SHOP}/api/a/:id` },
    ]);
    expect(comparison.headline).toContain('1 error only in B: TypeError: cart is undefined');
    expect(compareMs).toBeLessThan(20_000);
  }, 300_000);
});
