import { TEST_IDS } from '../../config/test-ids';

/**
 * Says, at the foot of a following list held still for the pointer (`useFollowingList`'s
 * `pointerHeld`), how many items arrived and wait below, once any did. Drawn over the rows, not
 * beside them, so that it moves nothing under the pointer; it takes no clicks.
 */
export function FollowHeldCue({
  held,
  noun,
}: {
  /** Items arrived since the hold began, or null when not held. */
  held: number | null;
  /** What an item is called, one and many: ['line', 'lines']. */
  noun: readonly [string, string];
}) {
  if (held === null || held === 0) return null;
  return (
    <div className="pointer-events-none sticky bottom-0 left-0 z-10 h-0">
      <p
        data-testid={TEST_IDS.followHeld}
        data-new={held}
        className="absolute bottom-1.5 left-1/2 -translate-x-1/2 rounded border border-border bg-panel px-2 py-0.5 text-xs whitespace-nowrap text-muted shadow-sm"
      >
        {`Held while you point: ${held.toLocaleString('en-US')} new ${held === 1 ? noun[0] : noun[1]} below`}
      </p>
    </div>
  );
}
