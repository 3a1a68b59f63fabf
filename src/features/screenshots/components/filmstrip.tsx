import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EventItem } from '../../../entities/session-events/model/types';
import { FilmstripThumb } from './filmstrip-thumb';

export interface FilmstripProps {
  /** Screenshot events, oldest first. */
  items: EventItem[];
  /** Absolute timeline index (`EventItem.index`) of the selected screenshot, or null. */
  selectedIndex: number | null;
  /** Called with the absolute timeline index of the chosen screenshot. */
  onSelect: (index: number) => void;
  originUs: number | null;
}

function positionOf(items: readonly EventItem[], index: number | null): number {
  return index === null ? -1 : items.findIndex((item) => item.index === index);
}

function keyTarget(key: string, position: number, count: number): number | null {
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, position - 1);
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(count - 1, position + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The screenshots as a horizontal strip of thumbnails of a readable size, which scrolls sideways
 * and never shrinks below them (in a column beside a large image it would be squeezed to a sliver
 * with a scrollbar). One tab stop (roving focus): the arrow keys, Home and End step through the
 * screenshots, each one reached being selected (shown large); a click, Enter or Space selects too.
 * The selection is kept in view.
 */
export function Filmstrip({ items, selectedIndex, onSelect, originUs }: FilmstripProps) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (selectedIndex === null) return;
    const button = stripRef.current?.querySelector(`[data-index="${selectedIndex}"]`);
    if (button && typeof button.scrollIntoView === 'function') {
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [selectedIndex]);

  if (items.length === 0) return <p className="px-3 py-2 text-xs text-muted">No screenshots yet</p>;

  const focusPosition = positionOf(items, focusIndex);
  const selectedPosition = positionOf(items, selectedIndex);
  const tabStop =
    focusPosition >= 0
      ? focusPosition
      : selectedPosition >= 0
        ? selectedPosition
        : items.length - 1;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const target = keyTarget(event.key, tabStop, items.length);
    const item = target === null ? undefined : items[target];
    if (!item) return;
    event.preventDefault();
    setFocusIndex(item.index);
    const button = stripRef.current?.querySelector<HTMLElement>(`[data-index="${item.index}"]`);
    button?.focus();
    if (item.index !== selectedIndex) onSelect(item.index);
  };

  return (
    <div
      ref={stripRef}
      role="toolbar"
      aria-label="Screenshots"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (!(event.target instanceof HTMLElement)) return;
        const index = Number(event.target.dataset.index);
        if (Number.isSafeInteger(index)) setFocusIndex(index);
      }}
      className="flex shrink-0 items-start gap-2 overflow-x-auto overflow-y-hidden p-2"
    >
      {items.map((item, position) => (
        <FilmstripThumb
          key={item.index}
          item={item}
          selected={item.index === selectedIndex}
          tabbable={position === tabStop}
          originUs={originUs}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}
