import { useEffect, useRef, useState } from 'react';

/** A live view that has not loaded in this long is taken as failed. */
export const LIVE_VIEW_LOAD_MS = 15_000;

export interface LiveViewFrameProps {
  /** The address to frame (already checked: http(s), another origin). */
  src: string;
  /** Whether the viewer's input goes to the browser (the frame may use the clipboard then). */
  inControl: boolean;
  onFailure: (reason: string) => void;
}

/**
 * The session's live view in a sandboxed frame of its own origin: it may run its scripts there,
 * never in ours, and may not navigate this page, open windows or submit forms here. A frame that
 * does not load in time, or that this page's Content-Security-Policy blocks, is reported. The
 * parent gives each address its own frame (a key), so `loaded` starts over with it.
 */
export function LiveViewFrame({ src, inControl, onFailure }: LiveViewFrameProps) {
  const [loaded, setLoaded] = useState(false);
  const failure = useRef(onFailure);
  const loadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    failure.current = onFailure;
  });

  useEffect(() => {
    const origin = new URL(src).origin;
    const timer = setTimeout(
      () => failure.current(`the live view did not load within ${LIVE_VIEW_LOAD_MS / 1000} s`),
      LIVE_VIEW_LOAD_MS,
    );
    loadTimer.current = timer;
    const onViolation = (event: SecurityPolicyViolationEvent): void => {
      if (!event.effectiveDirective.startsWith('frame-src')) return;
      if (!event.blockedURI.startsWith(origin)) return;
      failure.current(
        `this dashboard’s Content-Security-Policy does not allow framing ${origin} (frame-src)`,
      );
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
    };
  }, [src]);

  return (
    <div className="relative aspect-video w-full bg-black">
      {!loaded && (
        <p className="absolute inset-0 flex items-center justify-center text-xs text-white/80">
          Connecting to the live view…
        </p>
      )}
      <iframe
        src={src}
        title={
          inControl
            ? 'Live view of the session’s screen, in control'
            : 'Live view of the session’s screen'
        }
        sandbox="allow-scripts allow-same-origin allow-pointer-lock"
        allow={inControl ? 'clipboard-read; clipboard-write' : ''}
        referrerPolicy="no-referrer"
        onLoad={() => {
          clearTimeout(loadTimer.current);
          setLoaded(true);
        }}
        className="absolute inset-0 h-full w-full border-0"
      />
    </div>
  );
}
