import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/http/request';
import { decodeClipboardText, isClipboardReadUnsupported } from './read-clipboard';

function failure(status: number): ApiRequestError {
  return new ApiRequestError({ status, statusText: '', message: '', details: [], bodyText: '' });
}

describe('decodeClipboardText', () => {
  it('accepts {text: string} only', () => {
    expect(decodeClipboardText({ text: 'hi' })).toBe('hi');
    expect(decodeClipboardText({ text: '' })).toBe('');
    expect(decodeClipboardText({ text: 42 })).toBeNull();
    expect(decodeClipboardText({})).toBeNull();
    expect(decodeClipboardText(['text'])).toBeNull();
    expect(decodeClipboardText('text')).toBeNull();
    expect(decodeClipboardText(null)).toBeNull();
  });
});

describe('isClipboardReadUnsupported', () => {
  it('is true for 404, 405 and 501 only', () => {
    expect(isClipboardReadUnsupported(failure(404))).toBe(true);
    expect(isClipboardReadUnsupported(failure(405))).toBe(true);
    expect(isClipboardReadUnsupported(failure(501))).toBe(true);
    expect(isClipboardReadUnsupported(failure(500))).toBe(false);
    expect(isClipboardReadUnsupported(failure(401))).toBe(false);
    expect(isClipboardReadUnsupported(new Error('404'))).toBe(false);
  });
});
