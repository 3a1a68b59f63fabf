/**
 * The screenshots view (features/screenshots): every monitor_screenshot of the session as a
 * filmstrip over the chosen one shown large, and the screenshots near an event's moment that the
 * event details show. The images are the ones the events layer's buffer keeps under its own cap.
 */
import { useStore } from 'zustand';
import type { EventItem } from '../../../entities/session-events/model/types';
import { jumpToTime, selectItem } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { Filmstrip } from './filmstrip';
import { ScreenshotView } from './screenshot-view';

function screenshotItems(timeline: Timeline): EventItem[] {
  const { buffer } = timeline;
  const { range } = timeline.store.getState().filter;
  const items: EventItem[] = [];
  for (let position = 0; position < buffer.screenshots.length; position += 1) {
    const index = buffer.screenshots.at(position);
    const item = index === undefined ? undefined : buffer.item(index);
    if (item?.kind !== 'event') continue;
    if (range && (item.tsUs < range.fromUs || item.tsUs > range.toUs)) continue;
    items.push(item);
  }
  return items;
}

/**
 * Every screenshot as a filmstrip over the chosen one shown large; choosing one moves the timeline
 * there. The strip keeps its height; the large image scrolls on its own below it, in a named region
 * the keyboard can reach (Tab, then the arrow keys scroll it).
 */
export function ScreenshotsPane({ timeline }: { timeline: Timeline }) {
  const selected = useStore(timeline.store, (state) => state.selected);
  useStore(timeline.store, (state) => state.version);
  useStore(timeline.store, (state) => state.filter.range);
  const items = screenshotItems(timeline);
  const current = items.find((item) => item.index === selected) ?? items.at(-1) ?? null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Filmstrip
        items={items}
        selectedIndex={current?.index ?? null}
        onSelect={(index) => {
          selectItem(timeline, index, false);
          const item = timeline.buffer.item(index);
          if (item) jumpToTime(timeline, item.tsUs);
        }}
        originUs={timeline.buffer.originUs}
      />
      {current && (
        // a region in the tab order, so a keyboard can scroll an image larger than the box
        <div
          role="region"
          aria-label="Chosen screenshot"
          tabIndex={0}
          className="min-h-0 flex-1 overflow-auto border-t border-border p-3 focus-visible:outline-offset-[-2px]"
        >
          <ScreenshotView item={current} originUs={timeline.buffer.originUs} />
        </div>
      )}
    </div>
  );
}
