import { describe, expect, it } from 'vitest';
import {
  describeControl,
  hasControls,
  hasRightToLeft,
  revealControls,
  splitControls,
} from './control-chars';

describe('splitControls', () => {
  it('leaves ordinary text, markup, tabs, line feeds and CRLF alone', () => {
    for (const text of [
      '',
      'plain',
      '<img src=x onerror="window.__pwned=1">',
      'a\tb\nc\r\nd',
      'emoji 👩‍💻 with a zero-width joiner',
      'עברית and العربية as text',
    ]) {
      expect(splitControls(text)).toEqual([{ text }]);
      expect(hasControls(text)).toBe(false);
    }
  });

  it('reveals every bidi override, embedding, isolate and mark in its logical place', () => {
    const text =
      'invoice\u202efdp.exe \u2066a\u2069 \u2067b\u2069 \u2068c\u2069 \u202ad\u202c \u202b\u202d\u200e\u200f\u061c';
    const runs = splitControls(text);
    expect(runs.map((run) => run.control?.label ?? run.text)).toEqual([
      'invoice',
      'RLO',
      'fdp.exe ',
      'LRI',
      'a',
      'PDI',
      ' ',
      'RLI',
      'b',
      'PDI',
      ' ',
      'FSI',
      'c',
      'PDI',
      ' ',
      'LRE',
      'd',
      'PDF',
      ' ',
      'RLE',
      'LRO',
      'LRM',
      'RLM',
      'ALM',
    ]);
    expect(runs.map((run) => run.text).join('')).toBe(text);
  });

  it('reveals control characters as control pictures, lone CR included', () => {
    const runs = splitControls('progress 10%\r\x1b[2Kdone\b\x00\x7f');
    expect(runs.map((run) => run.control?.label ?? run.text)).toEqual([
      'progress 10%',
      '␍',
      '␛',
      '[2Kdone',
      '␈',
      '␀',
      '␡',
    ]);
  });

  it('reveals line and paragraph separators, C1 controls and invisible tag characters', () => {
    const tags = [...'hidden'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const runs = splitControls(`a\u2028b\u2029c\u0085d${tags}`);
    expect(runs.filter((run) => run.control).map((run) => run.control?.code)).toEqual([
      'U+2028',
      'U+2029',
      'U+0085',
      'U+E0068',
      'U+E0069',
      'U+E0064',
      'U+E0064',
      'U+E0065',
      'U+E006E',
    ]);
    expect(runs.map((run) => run.text).join('')).toBe(`a\u2028b\u2029c\u0085d${tags}`);
  });

  it('handles a 20,000-character line with controls quickly and completely', () => {
    const text = `${'x'.repeat(10_000)}\u202e${'y'.repeat(10_000)}`;
    const runs = splitControls(text);
    expect(runs).toHaveLength(3);
    expect(runs[1]?.control?.label).toBe('RLO');
  });
});

describe('describeControl', () => {
  it('names what it reveals', () => {
    expect(describeControl('\u202e')).toEqual({
      code: 'U+202E',
      label: 'RLO',
      name: 'RIGHT-TO-LEFT OVERRIDE',
    });
    expect(describeControl('\r')).toEqual({
      code: 'U+000D',
      label: '␍',
      name: 'CONTROL CHARACTER',
    });
  });
});

describe('hasRightToLeft', () => {
  it('finds Hebrew, Arabic and supplementary right-to-left letters only', () => {
    expect(hasRightToLeft('שלום')).toBe(true);
    expect(hasRightToLeft('مرحبا')).toBe(true);
    expect(hasRightToLeft('\u{10900}')).toBe(true); // Phoenician
    expect(hasRightToLeft('plain ascii, café, 日本語, 👩‍💻')).toBe(false);
  });
});

describe('revealControls', () => {
  it('returns plain strings for attributes, with marks in brackets', () => {
    expect(revealControls('a\u202eb\rc')).toBe('a⟨RLO⟩b⟨␍⟩c');
    expect(revealControls('plain')).toBe('plain');
  });
});
