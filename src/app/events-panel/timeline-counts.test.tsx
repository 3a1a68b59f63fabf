import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubInertResizeObserver } from '../../testing/inert-resize-observer';
import { TEST_IDS } from '../../config/test-ids';
import { updateFilter } from '../../entities/session-events/stores/timeline-actions';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import {
  T0,
  telemetryEvent,
  type EventSpec,
} from '../../entities/session-events/testing/telemetry-test-kit';
import { TelemetryPanel } from './telemetry-panel';

const SECOND = 1_000_000;

/**
 * Seven events a second apart: console errors A, B and A again (two groups), a failed request,
 * two screenshots and a console.error() message (level error, not an error event).
 */
function fileTimeline(): Timeline {
  const specs: EventSpec[] = [
    { type: 'console_error', data: { text: 'A' } },
    { type: 'console_error', data: { text: 'B' } },
    { type: 'network_response', data: { request_id: 'r1', status: 500 } },
    { type: 'monitor_screenshot', data: {} },
    { type: 'console_log', data: { text: 'logged', level: 'error' } },
    { type: 'console_error', data: { text: 'A' } },
    { type: 'monitor_screenshot', data: {} },
  ];
  return createFileTimeline({
    name: 'counts.jsonl',
    envelopes: specs.map((spec, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1, { ...spec, ts: T0 + (at + 1) * SECOND }),
    })),
    problems: [],
    capacity: 100,
  });
}

stubInertResizeObserver();

const levelChip = (level: string): HTMLElement =>
  within(screen.getByRole('toolbar', { name: 'Console levels' })).getByRole('button', {
    name: new RegExp(`^${level}`),
  });

describe('the timeline’s counts', () => {
  it('say what they count: errors, console error groups, screenshots, events at a level', () => {
    render(<TelemetryPanel timeline={fileTimeline()} />);
    const errorsOnly = screen.getByRole('button', { name: 'Errors only (4)' });
    expect(errorsOnly.title).toBe(
      'Show only the errors: 4 errors (console errors, failed requests, crashes and other failures)',
    );
    const groups = screen.getByRole('tab', { name: 'Console errors (2 groups)' });
    expect(groups.title).toBe(
      '2 groups of console errors (one message thrown at one place makes a group): 3 console errors in all',
    );
    expect(screen.getByRole('tab', { name: 'Screenshots (2)' })).toBeTruthy();
    // the level chip counts console events at that level, console.error() messages among them
    expect(levelChip('error').textContent).toBe('error 4');
    expect(levelChip('error').title).toMatch(/^4 console events at level error\. Click: /);
    expect(screen.getByTestId(TEST_IDS.timelineCounts).textContent).toMatch(/^7 events/);
  });

  it('follow the time range, with the session’s beside them', () => {
    const timeline = fileTimeline();
    render(<TelemetryPanel timeline={timeline} />);
    act(() =>
      updateFilter(timeline, { range: { fromUs: T0 + 5 * SECOND, toUs: T0 + 7 * SECOND } }),
    );

    const errorsOnly = screen.getByRole('button', { name: 'Errors only (1)' });
    expect(errorsOnly.title).toBe(
      'Show only the errors: 1 error in the time range (of 4 in the session) (console errors, failed requests, crashes and other failures)',
    );
    const groups = screen.getByRole('tab', { name: 'Console errors (1 group)' });
    expect(groups.title).toBe(
      '1 group of console errors (one message thrown at one place makes a group) in the time range (of 2 in the session): 1 console error in all',
    );
    const screenshots = screen.getByRole('tab', { name: 'Screenshots (1)' });
    expect(screenshots.title).toBe('1 screenshot in the time range (of 2 in the session)');
    expect(levelChip('error').textContent).toBe('error 2');
    expect(levelChip('error').title).toMatch(
      /^2 console events at level error in the time range \(of 4 in the session\)\. /,
    );
    const network = within(screen.getByRole('toolbar', { name: 'Categories' })).getByRole(
      'button',
      { name: /^Network/ },
    );
    // a category of the session with none in the range keeps its chip, at 0
    expect(network.textContent).toBe('Network0');
    expect(network.title).toMatch(/^0 Network events in the time range \(of 1 in the session\)/);
    expect(screen.getByTestId(TEST_IDS.timelineCounts).textContent).toMatch(
      /^3 events in the time range \(of 7 in the session\)/,
    );

    act(() => updateFilter(timeline, { range: null }));
    expect(screen.getByRole('button', { name: 'Errors only (4)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Console errors (2 groups)' })).toBeTruthy();
  });
});
