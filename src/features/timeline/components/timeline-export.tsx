import { downloadBlob } from '../../../lib/download';
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { imageBlob } from '../../../entities/session-events/model/event-item';
import {
  exportFileName,
  exportJsonl,
  imageToBase64,
} from '../../../entities/session-events/model/jsonl';
import { isFilterActive } from '../../../entities/session-events/model/timeline-filter';
import type { EventItem, TimelineItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/** Every retained item (events, marks, gaps, markers), or those the view shows. */
function* items(timeline: Timeline, filtered: boolean): Generator<TimelineItem> {
  const { buffer } = timeline;
  if (!filtered) {
    const all: TimelineItem[] = [];
    buffer.forEach((item) => all.push(item));
    yield* all;
    return;
  }
  for (let position = 0; position < buffer.viewCount; position += 1) {
    const item = buffer.viewItem(position);
    if (item) yield item;
  }
}

async function readImage(item: EventItem): Promise<string | null> {
  const url = item.screenshot?.url;
  const blob = url ? imageBlob(url) : undefined;
  return blob ? imageToBase64(blob) : null;
}

/**
 * Saves the retained events, or only the filtered view, as JSON Lines of envelopes; secrets in
 * request and response headers are masked unless the person asks for them (as HAR does).
 */
export function TimelineExport({ timeline, name }: { timeline: Timeline; name: string }) {
  const filtering = isFilterActive(useStore(timeline.store, (state) => state.filter));
  const [state, setState] = useState<string | null>(null);
  const [reveal, setReveal] = useState(false);
  const id = useId();
  const run = async (filtered: boolean): Promise<void> => {
    setState('Exporting…');
    try {
      const blob = await exportJsonl(items(timeline, filtered), readImage, { reveal });
      downloadBlob(blob, exportFileName(name, new Date(), filtered));
      setState(null);
    } catch (error) {
      setState(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <div className="flex items-center gap-1">
      <Button
        size="sm"
        onClick={() => void run(false)}
        title="Save every retained event as JSON Lines"
      >
        Export
      </Button>
      {filtering && (
        <Button size="sm" onClick={() => void run(true)} title="Save only the events shown">
          Export shown
        </Button>
      )}
      <label
        htmlFor={id}
        title="Authorization, cookies, API keys and tokens in headers; masked otherwise"
        className="flex items-center gap-1 text-xs text-muted"
      >
        <input
          id={id}
          type="checkbox"
          aria-label="Export with secrets"
          checked={reveal}
          onChange={(event) => setReveal(event.target.checked)}
        />
        with secrets
      </label>
      <span aria-live="polite" className="text-xs text-muted">
        {state}
      </span>
    </div>
  );
}
