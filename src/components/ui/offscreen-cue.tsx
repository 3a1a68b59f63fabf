import { useEffect, useState, type RefObject } from 'react';

/** How much of the target may show at the window's foot and still count as out of sight. */
const PEEK_PX = 120;

/**
 * A button at the bottom of the window while `target` is open but below the fold, or only its
 * first lines show at the foot of the window (on a narrow
 * screen the details pane opens under the list, out of sight): it says so, and takes the reader
 * there. Nothing while the target is in view or above it.
 */
export function OffscreenCue({
  target,
  label,
}: {
  target: RefObject<HTMLElement | null>;
  /** What is below, e.g. "Details below". */
  label: string;
}) {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const bottom = entry.rootBounds?.bottom ?? window.innerHeight;
        // below, or showing no more than its heading at the window's foot
        setBelow(entry.boundingClientRect.top >= bottom - PEEK_PX);
      },
      { threshold: [0, 0.05, 0.1, 0.2, 0.4, 0.7, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  if (!below) return null;
  return (
    <button
      type="button"
      onClick={() => target.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })}
      className="fixed bottom-3 left-1/2 z-20 -translate-x-1/2 rounded-full border border-accent bg-panel px-3 py-1 text-xs text-fg shadow-md"
    >
      {label} <span aria-hidden="true">↓</span>
    </button>
  );
}
