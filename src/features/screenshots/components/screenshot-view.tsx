import { useState } from 'react';
import { formatTimestamp } from '../../../lib/time-format';
import type { EventItem } from '../../../entities/session-events/model/types';

export interface ScreenshotViewProps {
  item: EventItem;
  /** Origin of relative times (Unix µs), or null when unknown. */
  originUs: number | null;
}

function missingReason(item: EventItem): string {
  if (item.event.truncated) return 'the event was larger than 1 MB and arrived without its data';
  if (item.event.type !== 'monitor_screenshot') return 'it is not a screenshot event';
  const data = item.event.data;
  if (data?.png_omitted === true) return 'the bundle it came from was saved without screenshots';
  if (data?.png_released === true) return 'the image had been released before it was saved';
  return 'the event carried no readable PNG';
}

function Notice({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed border-border bg-panel-2 px-4 py-6 text-center text-sm text-muted">
      {children}
    </p>
  );
}

const RELEASED = 'Image released: only the newest screenshots are kept in memory';
const UNDECODABLE = 'This screenshot could not be decoded: its data is not a valid PNG image';

/** One screenshot, as large as the pane allows, with its time and size. */
export function ScreenshotView({ item, originUs }: ScreenshotViewProps) {
  // The URL of an image that failed to load. Releasing an image clears its URL before revoking
  // it, so one still held when it failed is bytes no image decoder reads, not a released image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const time = formatTimestamp(item.tsUs / 1000, 'local', 0);
  const relative =
    originUs === null ? '' : formatTimestamp(item.tsUs / 1000, 'relative', originUs / 1000);
  const image = item.screenshot;
  const url = image?.url ?? null;

  let body;
  if (!image) body = <Notice>{`No image in this event (${missingReason(item)})`}</Notice>;
  else if (url === null) body = <Notice>{RELEASED}</Notice>;
  else if (failedUrl === url) body = <Notice>{UNDECODABLE}</Notice>;
  else
    body = (
      <img
        src={url}
        alt={`Screenshot at ${time}`}
        onError={() => setFailedUrl(url)}
        className="block h-auto max-w-full rounded-md border border-border bg-panel"
      />
    );

  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {body}
      <figcaption className="flex flex-wrap gap-x-3 font-mono text-xs text-muted">
        <span>{time}</span>
        {relative ? <span>{relative}</span> : null}
        {image ? <span>{`${(image.bytes / 1024).toFixed(1)} KB`}</span> : null}
      </figcaption>
    </figure>
  );
}
