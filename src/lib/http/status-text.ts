/** Reason phrases for the statuses we show; HTTP/2 responses carry an empty `statusText`. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The response's own status text, or the standard phrase when the server sent none. */
export function statusTextFor(status: number, statusText: string): string {
  const own = statusText.trim();
  return own !== '' ? own : (REASON_PHRASES[status] ?? '');
}
