import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import { compareRuns } from '../model/compare';
import { checkout } from '../testing/checkout-runs';
import { consoleError, runEvents } from '../testing/run-kit';
import { CompareReport } from './compare-report';

afterEach(() => vi.restoreAllMocks());

function timelineOf(parts: Parameters<typeof runEvents>[0], name: string) {
  const events = runEvents(parts);
  return createFileTimeline({
    name,
    envelopes: events.map((event, at) => ({ seq: at + 1, event })),
    problems: [],
    capacity: events.length + 1,
  });
}

function failingPair() {
  const a = timelineOf(checkout(), 'a.jsonl');
  const b = timelineOf(
    checkout({
      inventoryStatus: 500,
      onProductPage: [
        consoleError('inventory failed for order 77', {
          functionName: 'load',
          url: 'https://shop.test/app.js',
        }),
      ],
      afterCart: [],
    }),
    'b.jsonl',
  );
  const comparison = compareRuns({ telemetry: a.buffer }, { telemetry: b.buffer });
  return { a, b, comparison };
}

describe('the comparison of two runs', () => {
  it('says at a glance where B diverged and what failed, and marks that step', () => {
    const { a, b, comparison } = failingPair();
    render(
      <CompareReport
        a={{ name: 'pass', timeline: a }}
        b={{ name: 'fail', timeline: b }}
        comparison={comparison}
        step={null}
        onStep={() => undefined}
        report={{ nameA: 'pass', nameB: 'fail' }}
      />,
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).toMatch(/B (diverged|stopped|went on) at step \d+/);
    expect(summary.textContent).toContain('inventory failed for order #');
    const marked = screen.getByTitle('The runs diverge here').closest('tr');
    expect(marked?.dataset.step).toBe(String((comparison.alignment.divergence ?? -1) + 1));
    const differs = screen.getByRole('region', { name: 'What differs' });
    expect(within(differs).getByText(/Console errors that differ \(1\)/)).toBeTruthy();
    expect(differs.textContent).toMatch(/api\/inventory\S*: 200 in A, 500 in B/);
  });

  it('chooses a step from its table, shows both runs at it, and copies the report as Markdown', async () => {
    const user = userEvent.setup();
    const { a, b, comparison } = failingPair();
    const onStep = vi.fn();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { rerender } = render(
      <CompareReport
        a={{ name: 'pass', timeline: a }}
        b={{ name: 'fail', timeline: b }}
        comparison={comparison}
        step={null}
        onStep={onStep}
        report={{
          nameA: 'pass',
          nameB: 'fail',
          linkA: 'https://console.test/#/sessions/a?token=x',
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Step 2' }));
    expect(onStep).toHaveBeenCalledWith(1);
    rerender(
      <CompareReport
        a={{ name: 'pass', timeline: a }}
        b={{ name: 'fail', timeline: b }}
        comparison={comparison}
        step={1}
        onStep={onStep}
        report={{
          nameA: 'pass',
          nameB: 'fail',
          linkA: 'https://console.test/#/sessions/a?token=x',
        }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Run A at this step' }).textContent).toContain(
      'Run A',
    );
    expect(screen.getByRole('region', { name: 'Run B at this step' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    const markdown = writeText.mock.calls[0]?.[0] ?? '';
    expect(markdown).toContain('inventory failed');
    expect(markdown).not.toContain('token=x');
    expect((await screen.findByRole('status')).textContent).toBe('Copied the report as Markdown.');
  });
});
