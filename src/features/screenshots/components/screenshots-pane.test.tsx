import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  stubObjectUrlsInEachTest,
  telemetryEvent,
} from '../../../entities/session-events/testing/telemetry-test-kit';
import { ScreenshotsPane } from './screenshots-pane';

stubObjectUrlsInEachTest();

function threeShots() {
  return createFileTimeline({
    name: 'session.jsonl',
    envelopes: [1, 2, 3].map((seq) => ({
      seq,
      event: telemetryEvent(seq, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
    })),
    problems: [],
    annotations: [],
    capacity: 100,
  });
}

const large = (): HTMLElement => screen.getByRole('img', { name: /^Screenshot at / });

describe('ScreenshotsPane', () => {
  it('shows the screenshot reached with the arrow keys large, under a strip that keeps its height', async () => {
    const user = userEvent.setup();
    const timeline = threeShots();
    render(<ScreenshotsPane timeline={timeline} />);
    const thumbs = screen.getAllByRole('button', { name: /^Screenshot at / });
    const src = (at: number) => thumbs[at]?.querySelector('img')?.getAttribute('src');
    expect(large().getAttribute('src')).toBe(src(2)); // nothing chosen: the newest

    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(large().getAttribute('src')).toBe(src(1));
    await user.keyboard('{Home}');
    expect(large().getAttribute('src')).toBe(src(0));
    expect(timeline.store.getState().selected).toBe(Number(thumbs[0]?.dataset.index));

    // the large image scrolls in a box of its own, not with the strip above it
    const strip = screen.getByRole('toolbar', { name: 'Screenshots' });
    const box = large().closest('figure')?.parentElement;
    expect(box?.className.split(' ')).toEqual(expect.arrayContaining(['min-h-0', 'overflow-auto']));
    expect(box?.contains(strip)).toBe(false);
    expect(strip.parentElement?.className.split(' ')).not.toContain('overflow-auto');

    // a keyboard reaches that box to scroll it: the next Tab stop after the strip, named
    expect(box).toBe(screen.getByRole('region', { name: 'Chosen screenshot' }));
    await user.tab();
    expect(document.activeElement).toBe(box);
  });
});
