import type { TelemetryEvent } from './types';

/** The types of the events that pair by request id (network.ts). */
export const REQUEST = 'network_request';
export const RESPONSE = 'network_response';
export const FAILED = 'network_loading_failed';
export const FINISHED = 'network_loading_finished';

/** What pairs a network event with the others of its request, read once when it arrives. */
export function networkKeys(event: TelemetryEvent): {
  requestId: string | null;
  redirect: boolean;
} {
  const type = event.type;
  if (type !== REQUEST && type !== RESPONSE && type !== FAILED && type !== FINISHED)
    return { requestId: null, redirect: false };
  const id = event.data?.request_id;
  return {
    requestId: typeof id === 'string' && id !== '' ? id : null,
    redirect: type === REQUEST && event.data?.is_redirect === true,
  };
}
