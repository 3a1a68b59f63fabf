import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  describeOffset,
  nearestScreenshots,
} from '../../../entities/session-events/model/nearest-screenshots';
import type { EventItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { FilmstripThumb } from './filmstrip-thumb';
import { ScreenshotView } from './screenshot-view';

export interface MomentScreenshotsProps {
  timeline: Timeline;
  item: EventItem;
  /** Selects a screenshot in its place in the timeline (and shows that view, where it is another). */
  onShowInTimeline: (index: number) => void;
}

/**
 * The screenshots taken nearest before and after an event. Choosing one shows the image itself
 * here, large, beside the event it was reached from (an error, a request), with a way to its
 * place in the timeline; choosing it again folds it away.
 */
export function MomentScreenshots({ timeline, item, onShowInTimeline }: MomentScreenshotsProps) {
  const { buffer } = timeline;
  const [shown, setShown] = useState<number | null>(null);
  const view = useRef<HTMLDivElement>(null);
  const { before, after } = nearestScreenshots(
    buffer.screenshots,
    (index) => buffer.item(index),
    item,
  );
  const open = [before, after].find((shot) => shot !== undefined && shot.index === shown);

  useEffect(() => {
    const element = view.current;
    if (shown !== null && element && typeof element.scrollIntoView === 'function')
      element.scrollIntoView({ block: 'nearest' });
  }, [shown]);

  if (!before && !after) return null;
  return (
    <section aria-label="Screenshots at this moment" className="space-y-1">
      <h3 className="text-xs font-semibold text-muted uppercase">Screenshots at this moment</h3>
      <div className="flex flex-wrap gap-2">
        {[before, after].map((shot) =>
          shot ? (
            <FilmstripThumb
              key={shot.index}
              item={shot}
              selected={shot.index === shown}
              tabbable
              originUs={buffer.originUs}
              onSelect={(index) => setShown(index === shown ? null : index)}
              caption={describeOffset(item.tsUs, shot.tsUs)}
            />
          ) : null,
        )}
      </div>
      {open && (
        <div ref={view} className="space-y-1">
          <ScreenshotView item={open} originUs={buffer.originUs} />
          <Button size="sm" variant="ghost" onClick={() => onShowInTimeline(open.index)}>
            Show this screenshot in the timeline
          </Button>
        </div>
      )}
    </section>
  );
}
