import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEventItem } from '../../../entities/session-events/model/event-item';
import type { TimelineItem } from '../../../entities/session-events/model/types';
import {
  eventAt,
  liveEventsAt,
  markerItem,
  telemetryEvent,
  stubObjectUrlsInEachTest,
} from '../../../entities/session-events/testing/telemetry-test-kit';
import { TimelineRow } from './timeline-row';

stubObjectUrlsInEachTest();

function row(item: TimelineItem, lateUs?: number) {
  render(
    <TimelineRow
      item={item}
      position={0}
      originUs={null}
      selected={false}
      onSelect={vi.fn()}
      lateUs={lateUs}
    />,
  );
}

const indexed = (item: ReturnType<typeof eventAt>): TimelineItem =>
  ({ ...item, index: 0 }) as TimelineItem;

describe('TimelineRow', () => {
  it('says that an event listed after an event of a later time arrived late, by how much and why', () => {
    row(indexed(eventAt(3, { type: 'monitor_screenshot', data: {} })), 750_000);
    const late = screen.getByText('late');
    expect(late.title).toBe(
      'Listed where it arrived: 750 ms earlier than an event listed above it (a screenshot is stamped when its capture begins and sent when it ends). The list is in the order events arrived.',
    );
  });

  it('says nothing of the kind for an event in its place', () => {
    row(indexed(eventAt(3)), 0);
    expect(screen.queryByText('late')).toBeNull();
  });

  it('says that a note about the stream carries this page’s clock', () => {
    const marker = { ...markerItem('reconnected'), index: 0 } as TimelineItem;
    row(marker);
    expect(screen.getByText(/^\d\d:\d\d:\d\d/).title).toMatch(/by this page’s clock/);
  });

  it('marks an event whose data the server dropped, the live one without parsing or keeping its event', () => {
    const { items, batch } = liveEventsAt([
      { ...telemetryEvent(1, { type: 'network_response', data: null }), truncated: true },
      telemetryEvent(2),
    ]);
    const [dropped, whole] = items as [TimelineItem, TimelineItem];
    const read = vi.spyOn(batch, 'text');
    row(dropped);
    row(whole);
    expect(screen.getAllByText('too large, data dropped by the server')).toHaveLength(1);
    // a row that parsed its event kept it: every event that scrolled past stayed parsed in memory
    expect(read).not.toHaveBeenCalled();
    expect(Object.values(dropped).filter((value) => typeof value === 'object')).toEqual([batch]);
  });

  it('marks an event whose data the server dropped, read from a history page', () => {
    row(indexed(eventAt(4, { type: 'network_response', data: null })));
    expect(screen.queryByText('too large, data dropped by the server')).toBeNull();
    const dropped = {
      ...telemetryEvent(5, { type: 'network_response', data: null }),
      truncated: true,
    };
    row({ ...makeEventItem(5, dropped, 0, dropped.ts), index: 1 });
    expect(screen.getByText('too large, data dropped by the server')).toBeTruthy();
  });
});
