import { createRemembered } from '../lib/remembered';

/** Whether the clipboard panel is shown beside a session, as a person left it on this device. */
export const useClipboardOpen = createRemembered(
  'session-console.clipboard-open',
  true,
  (value): value is boolean => typeof value === 'boolean',
);
