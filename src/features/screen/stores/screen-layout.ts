import { createRemembered } from '../../../lib/remembered';

/** Whether the Screen panel is shown beside a session, as a person left it on this device. */
export const useScreenOpen = createRemembered(
  'session-console.screen-open',
  true,
  (value): value is boolean => typeof value === 'boolean',
);

/** The Screen panel's share of the session view's width on wide screens, between these. */
export const SCREEN_SHARE = { min: 0.2, max: 0.6, fallback: 0.28, step: 0.04 };

/** How wide a person made the Screen panel, kept on this device. */
export const useScreenShare = createRemembered(
  'session-console.screen-share',
  SCREEN_SHARE.fallback,
  (value): value is number =>
    typeof value === 'number' && value >= SCREEN_SHARE.min && value <= SCREEN_SHARE.max,
);
