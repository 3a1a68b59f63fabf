/** The requests' HAR export: all of them or those shown, with secrets masked unless asked. */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadBlob } from '../../../lib/download';
import type { PageVisit } from '../../../entities/session-events/model/pages';
import type { NetworkRow } from '../../../entities/session-events/model/network-table';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

/** The creator version a HAR names: the dashboard's own (package.json, through the build). */
const HAR_CREATOR_VERSION = __APP_VERSION__;

/** The requests as HAR 1.2: all of them, or those the view shows; secrets masked unless asked. */
export function HarExport({
  timeline,
  all,
  shown,
  pages,
}: {
  timeline: Timeline;
  all: readonly NetworkRow[];
  shown: readonly NetworkRow[];
  pages: readonly PageVisit[];
}) {
  const [reveal, setReveal] = useState(false);
  const id = useId();
  const save = async (rows: readonly NetworkRow[], suffix: string): Promise<void> => {
    // HAR is written on asking only: its code loads then, not with the page
    const { buildHar, harFileName } = await import('../model/har');
    const har = buildHar(rows, pages, { reveal, version: HAR_CREATOR_VERSION });
    const name = 'sessionId' in timeline.origin ? timeline.origin.sessionId : 'file';
    downloadBlob(
      new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' }),
      harFileName(name, new Date()).replace(/\.har$/, `${suffix}.har`),
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void save(all, '')} disabled={all.length === 0}>
        Export HAR
      </Button>
      <Button
        size="sm"
        onClick={() => void save(shown, '-shown')}
        disabled={shown.length === 0 || shown.length === all.length}
      >
        Export shown as HAR
      </Button>
      <label htmlFor={id} className="flex items-center gap-1 text-xs text-muted">
        <input
          id={id}
          type="checkbox"
          checked={reveal}
          onChange={(event) => setReveal(event.target.checked)}
        />
        with secrets
      </label>
    </div>
  );
}
