/**
 * The Screen view (features/screen): the remote browser's screen beside the session's events. A
 * live session shows its live view (`browser_live_view_url`), framed read-only unless the person
 * takes control; a session without one (headless, ended, or a live view that failed) shows its
 * newest screenshot, updating as screenshots arrive. Screenshot now asks the API for the screen
 * (`POST …/computer/screenshot`) and puts the image in the timeline at the moment it was asked for.
 * Below, the session's recordings (replays) play on the session's time axis (recordings.tsx).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { addScreenshotTaken } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import type { ApiConnection } from '../../../lib/http/request';
import { cn } from '../../../lib/cn';
import { takeScreenshot } from '../api/take-screenshot';
import { checkLiveViewUrl, liveViewAddress } from '../model/live-view-url';
import { LatestScreenshot } from './latest-screenshot';
import { LiveViewFrame } from './live-view-frame';
import { Recordings } from './recordings';

export interface ScreenPanelProps {
  connection: ApiConnection;
  sessionId: string;
  /** The session record's `browser_live_view_url`; null when it has none. */
  liveViewUrl: string | null;
  ended: boolean;
  timeline: Timeline | undefined;
}

export function ScreenPanel({
  connection,
  sessionId,
  liveViewUrl,
  ended,
  timeline,
}: ScreenPanelProps) {
  const [inControl, setInControl] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const checked = checkLiveViewUrl(liveViewUrl, window.location.origin);
  const live = checked.ok && !ended && failure === null;

  const shot = useMutation({
    mutationKey: ['screen', 'screenshot', connection.base, sessionId],
    mutationFn: async (askedAtMs: number) => ({
      askedAtMs,
      png: await takeScreenshot(connection, sessionId),
    }),
    onSuccess: ({ askedAtMs, png }) => {
      if (timeline) addScreenshotTaken(timeline, png, askedAtMs * 1000);
    },
    retry: false,
  });

  const why = ended
    ? 'The session has ended, so it has no live view.'
    : !checked.ok
      ? `No live view: ${checked.reason}.`
      : failure !== null
        ? `The live view failed: ${failure}.`
        : '';

  return (
    <section aria-label="Screen" className="flex min-h-0 flex-col gap-2 p-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Screen</h2>
        {live && (
          <Button
            size="sm"
            aria-pressed={inControl}
            onClick={() => setInControl(!inControl)}
            title={
              inControl
                ? 'Watch only again: your input no longer reaches the browser'
                : 'Drive the browser: your mouse and keys go to the session'
            }
          >
            {inControl ? 'Give back' : 'Take control'}
          </Button>
        )}
        {!ended && (
          <Button
            size="sm"
            disabled={shot.isPending}
            onClick={() => shot.mutate(Date.now())}
            title="Take a screenshot of the session now; it joins the timeline at this moment"
          >
            {shot.isPending ? 'Taking…' : 'Screenshot now'}
          </Button>
        )}
      </div>
      {live && inControl && (
        <p role="status" className="rounded border border-warn bg-warn/10 px-2 py-1 text-xs">
          <strong>You are driving the browser.</strong> Your clicks, scrolls and keys in the live
          view go to the session, as the agent’s do. Give back to watch only.
        </p>
      )}
      {shot.isError && (
        <p role="alert" className="text-xs text-danger">
          Screenshot failed: <UntrustedText text={shot.error.message} />
        </p>
      )}
      {live && checked.ok ? (
        <div className={cn('rounded border', inControl ? 'border-warn' : 'border-border')}>
          <LiveViewFrame
            key={`${attempt}:${inControl}`}
            src={liveViewAddress(checked.url, !inControl)}
            inControl={inControl}
            onFailure={(reason) => {
              setFailure(reason);
              setInControl(false);
            }}
          />
        </div>
      ) : timeline ? (
        <div className="min-h-0 overflow-auto">
          <LatestScreenshot timeline={timeline} note={why} />
        </div>
      ) : (
        <p className="text-sm text-muted">{why}</p>
      )}
      {failure !== null && !ended && checked.ok && (
        <Button
          size="sm"
          className="self-start"
          onClick={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try the live view again
        </Button>
      )}
      <Recordings connection={connection} sessionId={sessionId} ended={ended} timeline={timeline} />
    </section>
  );
}
