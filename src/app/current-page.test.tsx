import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import { telemetryEvent } from '../entities/session-events/testing/telemetry-test-kit';
import { CurrentPage } from './current-page';

function navigation(seq: number, url: string) {
  const data = { url, target_id: 'tab-1', frame_id: 'main', loader_id: `l${seq}` };
  return { seq, event: telemetryEvent(seq, { type: 'page_navigation', data }) };
}

describe('CurrentPage', () => {
  it('of a session that has ended, names the page it was on last, not a page it is on now', () => {
    const timeline = createFileTimeline({
      name: 'session.jsonl',
      envelopes: [navigation(1, 'https://shop.test/'), navigation(2, 'https://shop.test/cart')],
      problems: [],
      annotations: [],
      capacity: 100,
    });
    render(<CurrentPage timeline={timeline} />);
    const line = screen.getByLabelText('The page the browser was on last');
    expect(line.textContent).toMatch(/^Last onhttps:\/\/shop\.test\/cartfrom \d\d:\d\d:\d\d$/);
    expect(screen.queryByLabelText('The page the browser is on')).toBeNull();
  });

  it('holds its line before any page is known, one line high as the line that names a page', () => {
    const make = (envelopes: ReturnType<typeof navigation>[]) =>
      createFileTimeline({
        name: 'session.jsonl',
        envelopes,
        problems: [],
        annotations: [],
        capacity: 100,
      });
    const { unmount } = render(<CurrentPage timeline={make([])} />);
    const empty = screen.getByLabelText('The page the browser was on last');
    expect(empty.textContent).toBe('No page seen');
    const emptyClasses = empty.className.split(' ');
    unmount();
    render(<CurrentPage timeline={make([navigation(1, 'https://shop.test/')])} />);
    const named = screen.getByLabelText('The page the browser was on last');
    // jsdom lays nothing out: the height both lines are given is the check here
    for (const fixed of ['h-4', 'leading-4', 'overflow-hidden'])
      expect([emptyClasses.includes(fixed), named.className.split(' ').includes(fixed)]).toEqual([
        true,
        true,
      ]);
  });
});
