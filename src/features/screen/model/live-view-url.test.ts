import { describe, expect, it } from 'vitest';
import { checkLiveViewUrl, liveViewAddress } from './live-view-url';

const PAGE = 'http://127.0.0.1:3000';

describe('the live view address', () => {
  it('is framed when it is http(s) on another origin', () => {
    const checked = checkLiveViewUrl('http://127.0.0.1:3001/live/s1?token=abc', PAGE);
    expect(checked.ok).toBe(true);
  });

  it('is refused with a reason when missing, not a URL, another scheme, or our own origin', () => {
    expect(checkLiveViewUrl(null, PAGE)).toEqual({
      ok: false,
      reason: 'the session has no live view',
    });
    expect(checkLiveViewUrl('not a url', PAGE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a URL'),
    });
    expect(checkLiveViewUrl('javascript:alert(1)', PAGE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('javascript:'),
    });
    expect(checkLiveViewUrl('http://127.0.0.1:3000/live', PAGE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('own origin'),
    });
  });

  it('asks for read-only with readOnly=true, keeping its own credential, and drops it to take control', () => {
    const checked = checkLiveViewUrl('https://live.example/view?jwt=xyz&readOnly=true', PAGE);
    if (!checked.ok) throw new Error(checked.reason);
    expect(liveViewAddress(checked.url, true)).toBe(
      'https://live.example/view?jwt=xyz&readOnly=true',
    );
    expect(liveViewAddress(checked.url, false)).toBe('https://live.example/view?jwt=xyz');
  });
});
