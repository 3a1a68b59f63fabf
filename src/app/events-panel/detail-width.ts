import { createRemembered } from '../../lib/remembered';

/**
 * Whether the overview strip is shown, as a person left it on this device; at first shown on a
 * wide screen and folded on a narrow one, where the list needs the height.
 */
export const useOverviewShown = createRemembered(
  'session-console.overview-shown',
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? true
    : window.matchMedia('(min-width: 640px)').matches,
  (value): value is boolean => typeof value === 'boolean',
);

/** The details pane's share of the telemetry's width on wide screens, between these. */
export const DETAIL_SHARE = { min: 0.25, max: 0.75, fallback: 0.4, step: 0.05 };

/** How wide a person made the details pane (a share of the width), kept on this device. */
export const useDetailShare = createRemembered(
  'session-console.detail-share',
  DETAIL_SHARE.fallback,
  (value): value is number =>
    typeof value === 'number' && value >= DETAIL_SHARE.min && value <= DETAIL_SHARE.max,
);
