import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LogBuffer, type LogLine } from '../stores/log-buffer';
import { LogRow, type LogRowProps } from './log-row';

const READ = Date.parse('2026-11-23T12:04:00Z');

function line(text: string, statedMs: number): Omit<LogLine, 'seq'> {
  return {
    text,
    plain: text,
    timeMs: READ,
    statedMs,
    zoneless: false,
    inherited: false,
    level: null,
    ascii: true,
    notice: false,
  };
}

// the same from one render to the next, as the list passes them: only what changed re-renders
const NO_RANGES: LogRowProps['ranges'] = [];
const ignore = (): void => undefined;

function rowProps(buffer: LogBuffer, seq: number): LogRowProps {
  return {
    line: buffer.line(seq) as LogLine,
    index: seq,
    wrap: false,
    lineNumbers: false,
    timestamps: 'utc',
    timeSource: 'line',
    clock: buffer.clock,
    timesVersion: buffer.retimed.count,
    originMs: 0,
    ranges: NO_RANGES,
    currentMatch: false,
    selected: false,
    onSelect: ignore,
    onCopy: ignore,
  };
}

describe('LogRow time', () => {
  it('a first line without a time shows the next line’s time once it arrives, dimmed as estimated', () => {
    const buffer = new LogBuffer(10);
    buffer.append([line('shell says hi', Number.NaN)]);
    const { container, rerender } = render(<LogRow {...rowProps(buffer, 0)} />);
    const time = () => container.querySelector('[data-time]') as HTMLElement;
    expect(time().dataset.time).toBe('read');
    expect(time().textContent).toBe('12:04:00.000Z');

    buffer.append([line('[chromium] starts', Date.parse('2026-11-23T12:00:00Z'))]);
    rerender(<LogRow {...rowProps(buffer, 0)} />);
    expect(time().dataset.time).toBe('estimated');
    expect(time().textContent).toBe('12:00:00.000Z');
    expect(time().className).toContain('opacity-70');
    expect(time().title).toMatch(
      /^The line states no time and no line before it does: estimated from the next line's time, 2026-11-23T12:00:00\.000Z; read by the server 2026-11-23T12:04:00\.000Z$/,
    );

    // a line after it that states none inherits, as before
    buffer.append([line('  continued', Number.NaN)]);
    const { container: after } = render(<LogRow {...rowProps(buffer, 2)} />);
    expect(after.querySelector('[data-time]')?.getAttribute('data-time')).toBe('inherited');
  });
});

describe('LogRow JSON button', () => {
  it('is named with the word it shows, expanded or not', async () => {
    const user = userEvent.setup();
    const buffer = new LogBuffer(10);
    buffer.append([line('{"level":"error","msg":"db timeout"}', Number.NaN)]);
    // the list keeps which lines are expanded
    function Listed() {
      const [expanded, setExpanded] = useState(false);
      return (
        <LogRow
          {...rowProps(buffer, 0)}
          expanded={expanded}
          onJson={(_seq, expand) => setExpanded(expand)}
        />
      );
    }
    render(<Listed />);
    await user.click(screen.getByRole('button', { name: 'Pretty-print JSON of line 1' }));
    const collapse = screen.getByRole('button', { name: /JSON of line 1$/ });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    expect(collapse.textContent).toBe('raw');
    // WCAG 2.5.3: the name holds the visible label
    expect(collapse.getAttribute('aria-label')?.toLowerCase()).toContain('raw');
  });
});
