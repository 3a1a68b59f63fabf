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
  it('is true for 404 (without the API’s Error body), 405 and 501 only', () => {
    expect(isClipboardReadUnsupported(failure(404))).toBe(true);
    expect(isClipboardReadUnsupported(failure(405))).toBe(true);
    expect(isClipboardReadUnsupported(failure(501))).toBe(true);
    expect(isClipboardReadUnsupported(failure(500))).toBe(false);
    expect(isClipboardReadUnsupported(failure(401))).toBe(false);
    expect(isClipboardReadUnsupported(new Error('404'))).toBe(false);
  });

  it('is false for a 404 that carries the API’s Error body (no such session)', () => {
    const notFound = new ApiRequestError({
      status: 404,
      statusText: 'Not Found',
      code: 'not_found',
      message: 'browser session not found',
      details: [],
      bodyText: '',
    });
    expect(isClipboardReadUnsupported(notFound)).toBe(false);
  });
});
