/**
 * The live view's address as a session record gives it (`browser_live_view_url`), checked before
 * it is put in a frame: only http(s), and never this dashboard's own origin (a page of our origin
 * in a frame that may run scripts would run them as us). Read-only is asked with `readOnly=true`.
 */

export type LiveViewUrl = { ok: true; url: URL } | { ok: false; reason: string };

export function checkLiveViewUrl(raw: string | null, pageOrigin: string): LiveViewUrl {
  if (raw === null || raw.trim() === '')
    return { ok: false, reason: 'the session has no live view' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the session’s live view address is not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      reason: `the live view’s address is ${url.protocol} (only http and https are shown)`,
    };
  if (url.origin === pageOrigin)
    return {
      ok: false,
      reason:
        'the live view is on this dashboard’s own origin, where its scripts would run as the dashboard; it is not shown',
    };
  return { ok: true, url };
}

/** The address to frame: read-only (the viewer's input reaches nothing) or in control. */
export function liveViewAddress(url: URL, readOnly: boolean): string {
  const address = new URL(url);
  if (readOnly) address.searchParams.set('readOnly', 'true');
  else address.searchParams.delete('readOnly');
  return address.href;
}
