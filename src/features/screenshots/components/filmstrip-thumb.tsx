import { memo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import type { EventItem } from '../../../entities/session-events/model/types';

export interface FilmstripThumbProps {
  item: EventItem;
  selected: boolean;
  /** Whether this thumbnail is the strip's tab stop (roving focus). */
  tabbable: boolean;
  originUs: number | null;
  onSelect: (index: number) => void;
  /** Shown under the image instead of its time (e.g. how far it is from an event). */
  caption?: string;
}

/** A thumbnail's fixed, readable size: the whole page fits in it (contained), never squeezed. */
const THUMB_SIZE = 'h-[75px] w-[120px] shrink-0 rounded-sm bg-panel-2 object-contain';

/** One screenshot of the filmstrip: a toggle button with the image (or a placeholder) and its time. */
export const FilmstripThumb = memo(function FilmstripThumb({
  item,
  selected,
  tabbable,
  originUs,
  onSelect,
  caption,
}: FilmstripThumbProps) {
  // the URL of an image that failed to load while still held: bytes that are not a valid PNG
  // (a released image's URL is cleared before it is revoked, so it is never this one)
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const time = formatTimestamp(item.tsUs / 1000, 'local', 0);
  const held = item.screenshot?.url ?? null;
  const url = held !== null && held !== failedUrl ? held : null;
  const missing = !item.screenshot
    ? 'no image'
    : held === null
      ? 'image released'
      : 'image could not be decoded';
  return (
    <button
      type="button"
      data-index={item.index}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={selected}
      aria-label={`Screenshot at ${time}${caption ? `, ${caption}` : ''}${url ? '' : ` (${missing})`}`}
      title={
        originUs === null ? time : formatTimestamp(item.tsUs / 1000, 'relative', originUs / 1000)
      }
      onClick={() => onSelect(item.index)}
      className={cn(
        'flex shrink-0 flex-col items-center gap-1 rounded-md border p-1 transition-colors',
        selected
          ? 'border-accent bg-row-selected ring-2 ring-accent'
          : 'border-border bg-panel hover:border-muted',
      )}
    >
      {url ? (
        <img
          src={url}
          alt=""
          draggable={false}
          decoding="async"
          onError={() => setFailedUrl(url)}
          className={THUMB_SIZE}
        />
      ) : (
        <span
          className={cn(
            THUMB_SIZE,
            'flex flex-col items-center justify-center border border-dashed border-border text-center text-[11px] text-muted',
          )}
        >
          <span>{missing}</span>
          <span className="font-mono">{time.slice(0, 8)}</span>
        </span>
      )}
      <span className="font-mono text-[11px] text-muted">{caption ?? time}</span>
    </button>
  );
});
