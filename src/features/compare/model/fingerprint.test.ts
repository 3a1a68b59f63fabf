// Tests of error fingerprints: the same error in another run (other ids, lines, URLs) matches.
import { describe, expect, it } from 'vitest';
import { eventAt } from '../../../entities/session-events/testing/telemetry-test-kit';
import type { EventItem } from '../../../entities/session-events/model/types';
import {
  errorFingerprint,
  fingerprintOf,
  fingerprintText,
  normaliseIds,
  normaliseText,
} from './fingerprint';

const APP = 'https://shop.test/assets/app.js';
const stack = (functionName: string, url: string, lineNumber: number, columnNumber: number) => ({
  stack_trace: { callFrames: [{ functionName, scriptId: '1', url, lineNumber, columnNumber }] },
});

function item(data: Record<string, unknown> | null, type = 'console_error'): EventItem {
  return { ...eventAt(1, { type, data }), index: 0 } as EventItem;
}

describe('normaliseText', () => {
  it('takes out numbers, ids and URL details', () => {
    expect(normaliseText('Order 8812 not found at https://shop.test/orders/8812?x=1.')).toBe(
      'Order # not found at https://shop.test/orders/:id?x.',
    );
    expect(normaliseText("Cannot find 'usr_8f3k2k9' in   cache")).toBe(
      "Cannot find 'usr_:id' in cache",
    );
    expect(normaliseText('request 3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e failed')).toBe(
      'request :id failed',
    );
  });

  it('keeps small numbers and words in selectors', () => {
    expect(normaliseIds('#row-88123 > li:nth-child(3)')).toBe('#row-:id > li:nth-child(3)');
    expect(normaliseIds('button.primary')).toBe('button.primary');
  });

  it('fingerprints log lines by their text', () => {
    expect(fingerprintText('2024-01-01T10:00:00Z ERROR job 41 failed')).toBe(
      fingerprintText('2024-01-02T11:30:12Z ERROR job 97 failed'),
    );
    expect(fingerprintText('ERROR job failed')).not.toBe(fingerprintText('ERROR job done'));
  });
});

describe('fingerprintOf', () => {
  it('is the same for the same error at other lines and with other ids', () => {
    const one = fingerprintOf('TypeError: item 123 has no price', stack('price', APP, 10, 4));
    const two = fingerprintOf('TypeError: item 456 has no price', stack('price', APP, 88, 14));
    expect(one.key).toBe(two.key);
    expect(one.message).toBe('TypeError: item # has no price');
    expect(one.functionName).toBe('price');
    expect(one.file).toBe(APP);
  });

  it('is another for another message, function or file', () => {
    const base = fingerprintOf('TypeError: x', stack('price', APP, 1, 1)).key;
    expect(fingerprintOf('RangeError: x', stack('price', APP, 1, 1)).key).not.toBe(base);
    expect(fingerprintOf('TypeError: x', stack('total', APP, 1, 1)).key).not.toBe(base);
    expect(
      fingerprintOf('TypeError: x', stack('price', 'https://shop.test/b.js', 1, 1)).key,
    ).not.toBe(base);
  });

  it('reads the frame of an uncaught exception without a stack, and none at all', () => {
    const located = fingerprintOf('boom', { source_url: APP, line: 3 });
    expect(located.functionName).toBe('(anonymous)');
    expect(located.file).toBe(APP);
    const nowhere = fingerprintOf('boom', {});
    expect(nowhere.file).toBeNull();
    expect(nowhere.key).not.toBe(located.key);
  });

  it('reads console error items, whatever their data', () => {
    expect(errorFingerprint(item({ text: 'boom', ...stack('f', APP, 1, 1) }))?.message).toBe(
      'boom',
    );
    expect(errorFingerprint(item(null))?.message).toBe('');
    expect(errorFingerprint(item({ text: 42, stack_trace: 'nope' }))?.file).toBeNull();
    expect(errorFingerprint(item({ text: 'x' }, 'console_log'))).toBeNull();
  });
});
