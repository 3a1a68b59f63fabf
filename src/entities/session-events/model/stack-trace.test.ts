import { describe, expect, it } from 'vitest';
import type { StackTrace } from '../../../types/api';
import {
  MAX_STACK_FRAMES,
  MAX_STACK_PARENTS,
  fileNameOf,
  flattenStack,
  formatV8Stack,
  readStackTrace,
  readTopFrame,
} from './stack-trace';

const APP = 'https://shop.example.com/static/js/app.3f9c.js?v=42#main';
const EXT = 'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn/inpage.js';

/**
 * What Chromium sends (Runtime.exceptionThrown → exceptionDetails.stackTrace) for:
 *
 *   function init() { setTimeout(() => { checkout(); }, 100); }   // line 49, an extension wraps setTimeout
 *   async function checkout() { await validate(); applyDiscount(); }  // line 33
 *   function applyDiscount() { x(); }                               // line 41: TypeError
 *
 * Zero-based positions; callFrames[0] is where the throw happened; the `await` parent holds the
 * callers of `checkout` at the await (the setTimeout callback), whose parent is where setTimeout
 * was called.
 */
const CHROMIUM_FIXTURE: unknown = JSON.parse(
  JSON.stringify({
    callFrames: [
      { functionName: 'applyDiscount', scriptId: '17', url: APP, lineNumber: 41, columnNumber: 10 },
      { functionName: 'checkout', scriptId: '17', url: APP, lineNumber: 33, columnNumber: 4 },
    ],
    parent: {
      description: 'await',
      callFrames: [{ functionName: '', scriptId: '17', url: APP, lineNumber: 49, columnNumber: 6 }],
      parent: {
        description: 'setTimeout',
        callFrames: [
          {
            functionName: 'window.setTimeout',
            scriptId: '9',
            url: EXT,
            lineNumber: 12,
            columnNumber: 21,
          },
          { functionName: 'init', scriptId: '17', url: APP, lineNumber: 48, columnNumber: 2 },
          { functionName: '', scriptId: '17', url: APP, lineNumber: 120, columnNumber: 0 },
        ],
      },
    },
  }),
);

function decoded(): StackTrace {
  const trace = readStackTrace(CHROMIUM_FIXTURE);
  if (!trace) throw new Error('fixture did not decode');
  return trace;
}

describe('readStackTrace', () => {
  it('keeps a well-formed trace as sent, parents included', () => {
    expect(decoded()).toEqual(CHROMIUM_FIXTURE);
  });

  it('fills missing fields with defaults and skips frames that are not objects', () => {
    const trace = readStackTrace({
      callFrames: [
        null,
        'at foo (x.js:1:1)',
        42,
        [],
        { functionName: 7, url: null, lineNumber: '3', columnNumber: -5 },
        { scriptId: 12, lineNumber: 4.9, columnNumber: Number.NaN },
      ],
      description: { evil: true },
      parent: 'nope',
    });
    expect(trace).toEqual({
      callFrames: [
        { functionName: '', scriptId: '', url: '', lineNumber: -1, columnNumber: -1 },
        { functionName: '', scriptId: '12', url: '', lineNumber: 4, columnNumber: -1 },
      ],
    });
  });

  it.each([null, undefined, 'stack', 3, [], [{ functionName: 'f' }], {}, { callFrames: 'x' }])(
    'gives null for %j',
    (value) => {
      expect(readStackTrace(value)).toBeNull();
    },
  );

  it('keeps a trace whose frames are all in a parent', () => {
    const trace = readStackTrace({
      callFrames: [],
      parent: { description: 'Promise.then', callFrames: [{ functionName: 'f' }] },
    });
    expect(trace?.parent?.callFrames).toHaveLength(1);
  });

  it('bounds the parent depth and the frame count', () => {
    let deep: Record<string, unknown> = { callFrames: [{ functionName: 'bottom' }] };
    for (let i = 0; i < 500; i += 1) {
      deep = { description: 'await', callFrames: [{ functionName: `f${i}` }], parent: deep };
    }
    let levels = 0;
    for (let t: StackTrace | undefined = readStackTrace(deep) ?? undefined; t; t = t.parent) {
      levels += 1;
    }
    expect(levels).toBe(MAX_STACK_PARENTS + 1);

    const wide = { callFrames: Array.from({ length: 5000 }, () => ({ functionName: 'f' })) };
    const trace = readStackTrace({ callFrames: [], parent: { callFrames: [], parent: wide } });
    expect(trace?.parent?.parent?.callFrames).toHaveLength(MAX_STACK_FRAMES);
  });

  it('survives a cyclic object built in code', () => {
    const cyclic: Record<string, unknown> = { callFrames: [{ functionName: 'loop' }] };
    cyclic.parent = cyclic;
    expect(readStackTrace(cyclic)).not.toBeNull();
    expect(readTopFrame(cyclic)?.functionName).toBe('loop');
  });
});

describe('flattenStack', () => {
  it('gives the synchronous frames, then one labelled segment per async parent', () => {
    const segments = flattenStack(decoded());
    expect(segments.map((s) => s.description)).toEqual([null, 'await', 'setTimeout']);
    expect(segments[0]?.frames[0]).toEqual({
      functionName: 'applyDiscount',
      url: APP,
      fileName: 'app.3f9c.js',
      line: 42,
      column: 11,
      dimmed: false,
    });
    expect(segments[1]?.frames[0]?.functionName).toBe('(anonymous)');
    const timer = segments[2]?.frames ?? [];
    expect(timer.map((f) => [f.functionName, f.fileName, f.dimmed])).toEqual([
      ['window.setTimeout', 'inpage.js', true],
      ['init', 'app.3f9c.js', false],
      ['(anonymous)', 'app.3f9c.js', false],
    ]);
    expect(timer[2]?.line).toBe(121);
    expect(timer[2]?.column).toBe(1);
  });

  it('labels an unnamed boundary "async" and leaves out parents without frames', () => {
    const segments = flattenStack({
      callFrames: [],
      parent: {
        description: '  ',
        callFrames: [{ functionName: 'a', scriptId: '', url: '', lineNumber: -1, columnNumber: 3 }],
        parent: { description: 'Promise.then', callFrames: [] },
      },
    });
    expect(segments).toEqual([
      { description: null, frames: [] },
      {
        description: 'async',
        frames: [
          {
            functionName: 'a',
            url: '',
            fileName: '(unknown)',
            line: null,
            column: null,
            dimmed: false,
          },
        ],
      },
    ]);
  });

  it.each([
    ['chrome://settings/x.js', true],
    ['chrome-untrusted://media-app/app.js', true],
    ['devtools://devtools/bundled/main.js', true],
    ['extensions::SafeBuiltins', true],
    ['https://chrome-extension.example.com/a.js', false],
  ])('dims %s: %s', (url, dimmed) => {
    const [segment] = flattenStack({
      callFrames: [{ functionName: 'f', scriptId: '1', url, lineNumber: 0, columnNumber: 0 }],
    });
    expect(segment?.frames[0]?.dimmed).toBe(dimmed);
  });
});

describe('fileNameOf', () => {
  it.each([
    ['https://x.test/a/b/app.js?x=/y/z#/h', 'app.js'],
    ['webpack:///./src/cart.ts', 'cart.ts'],
    ['https://x.test/', 'https://x.test/'],
    ['https://x.test/?q=1', 'https://x.test/?q=1'],
    ['extensions::SafeBuiltins', 'extensions::SafeBuiltins'],
    ['', '(unknown)'],
  ])('%s → %s', (url, name) => {
    expect(fileNameOf(url)).toBe(name);
  });
});

describe('formatV8Stack', () => {
  it('prints the familiar V8 text with one-based positions', () => {
    const app = APP;
    expect(formatV8Stack('Uncaught TypeError: x is not a function', decoded())).toBe(
      [
        'Uncaught TypeError: x is not a function',
        `    at applyDiscount (${app}:42:11)`,
        `    at checkout (${app}:34:5)`,
        `    at async ${app}:50:7`,
        '    at setTimeout (async)',
        `    at window.setTimeout (${EXT}:13:22)`,
        `    at init (${app}:49:3)`,
        `    at ${app}:121:1`,
      ].join('\n'),
    );
  });

  it('handles unknown positions, missing URLs, other boundaries and no headline', () => {
    const text = formatV8Stack('', {
      callFrames: [
        { functionName: '', scriptId: '', url: '', lineNumber: -1, columnNumber: -1 },
        { functionName: 'f', scriptId: '', url: 'a.js', lineNumber: 2, columnNumber: -1 },
      ],
      parent: {
        description: 'Promise.then',
        callFrames: [
          { functionName: 'g', scriptId: '', url: 'b.js', lineNumber: 0, columnNumber: 0 },
        ],
        parent: {
          callFrames: [
            { functionName: 'h', scriptId: '', url: 'c.js', lineNumber: 9, columnNumber: 9 },
          ],
        },
      },
    });
    expect(text).toBe(
      [
        '    at <anonymous>',
        '    at f (a.js:3)',
        '    at Promise.then (async)',
        '    at g (b.js:1:1)',
        '    at async (async)',
        '    at h (c.js:10:10)',
      ].join('\n'),
    );
  });
});

describe('readTopFrame', () => {
  it('reads the innermost frame, looking into parents when the top level has none', () => {
    expect(readTopFrame(CHROMIUM_FIXTURE)?.functionName).toBe('applyDiscount');
    expect(
      readTopFrame({ callFrames: [null], parent: { callFrames: [{ url: 'u', lineNumber: 1 }] } }),
    ).toEqual({ functionName: '', scriptId: '', url: 'u', lineNumber: 1, columnNumber: -1 });
    expect(readTopFrame('junk')).toBeNull();
  });
});
