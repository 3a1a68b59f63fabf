import { describe, expect, it } from 'vitest';
import { ansiColor, isConcealing, parseAnsi, stripAnsi } from './ansi';
import type { AnsiSegment } from './ansi';

const ESC = '\x1b';

/** Text of all segments joined: what the user sees. */
function visible(segments: AnsiSegment[]): string {
  return segments.map((s) => s.text).join('');
}

describe('parseAnsi', () => {
  it('returns the text itself as one unstyled segment when there is no escape', () => {
    const text = 'plain <b>line</b>';
    const segments = parseAnsi(text);
    expect(segments).toEqual([{ text, style: null }]);
    expect(segments[0]?.text).toBe(text);
    expect(parseAnsi('')).toEqual([{ text: '', style: null }]);
  });

  it('splits coloured text into styled segments', () => {
    expect(parseAnsi(`${ESC}[31mERROR${ESC}[0m something`)).toEqual([
      { text: 'ERROR', style: { fg: 1 } },
      { text: ' something', style: null },
    ]);
  });

  it('applies a reset in the middle of a line', () => {
    expect(parseAnsi(`a${ESC}[1;32mb${ESC}[mc`)).toEqual([
      { text: 'a', style: null },
      { text: 'b', style: { bold: true, fg: 2 } },
      { text: 'c', style: null },
    ]);
  });

  it('layers colours and attributes (nested styles)', () => {
    expect(
      parseAnsi(`${ESC}[1mbold ${ESC}[31mred ${ESC}[44mblue-bg ${ESC}[39mdefault-fg${ESC}[0m`),
    ).toEqual([
      { text: 'bold ', style: { bold: true } },
      { text: 'red ', style: { bold: true, fg: 1 } },
      { text: 'blue-bg ', style: { bold: true, fg: 1, bg: 4 } },
      { text: 'default-fg', style: { bold: true, bg: 4 } },
    ]);
  });

  it('reads 256-colour and truecolour', () => {
    expect(parseAnsi(`${ESC}[38;5;208morange${ESC}[48;2;0;0;255m on blue`)).toEqual([
      { text: 'orange', style: { fg: 208 } },
      { text: ' on blue', style: { fg: 208, bg: '#0000ff' } },
    ]);
  });

  it('reports every attribute', () => {
    expect(parseAnsi(`${ESC}[1;2;3;4;7;9mx`)).toEqual([
      {
        text: 'x',
        style: {
          bold: true,
          dim: true,
          italic: true,
          underline: true,
          inverse: true,
          strike: true,
        },
      },
    ]);
  });

  it('merges neighbouring text with the same style', () => {
    expect(parseAnsi(`${ESC}[31mab${ESC}[31mcd${ESC}[2Kef`)).toEqual([
      { text: 'abcdef', style: { fg: 1 } },
    ]);
    expect(parseAnsi(`x${ESC}[0my`)).toEqual([{ text: 'xy', style: null }]);
  });

  it('produces no empty segments for escapes with nothing between them', () => {
    const segments = parseAnsi(`${ESC}[1m${ESC}[31m${ESC}[0m${ESC}[32mgo${ESC}[0m`);
    expect(segments).toEqual([{ text: 'go', style: { fg: 2 } }]);
  });

  it('returns one empty segment for a line made only of escapes', () => {
    expect(parseAnsi(`${ESC}[31m${ESC}[0m`)).toEqual([{ text: '', style: null }]);
  });

  it('removes cursor movement and erase sequences', () => {
    const line = `${ESC}[2K${ESC}[1G${ESC}[1A${ESC}[?25lprogress 50%${ESC}[K${ESC}[10;20H`;
    expect(parseAnsi(line)).toEqual([{ text: 'progress 50%', style: null }]);
  });

  it('keeps hyperlink text and drops the URL (OSC 8, both terminators)', () => {
    const bel = `see ${ESC}]8;;https://example.test/a\x07the docs${ESC}]8;;\x07 now`;
    const st = `see ${ESC}]8;id=1;https://example.test/a${ESC}\\the docs${ESC}]8;;${ESC}\\ now`;
    expect(visible(parseAnsi(bel))).toBe('see the docs now');
    expect(visible(parseAnsi(st))).toBe('see the docs now');
    expect(visible(parseAnsi(st))).not.toContain('example.test');
  });

  it('drops window-title sequences', () => {
    expect(visible(parseAnsi(`${ESC}]0;my title\x07ready`))).toBe('ready');
    expect(visible(parseAnsi(`${ESC}]2;t${ESC}\\ready`))).toBe('ready');
  });

  it('drops unterminated escapes at the end of the line', () => {
    expect(parseAnsi(`done${ESC}[38;5`)).toEqual([{ text: 'done', style: null }]);
    expect(parseAnsi(`done${ESC}`)).toEqual([{ text: 'done', style: null }]);
  });

  it('shows an OSC that is never terminated as the text it is, its ESC kept for the view to mark', () => {
    expect(parseAnsi(`done${ESC}]8;;http://x`)).toEqual([
      { text: `done${ESC}]8;;http://x`, style: null },
    ]);
    // the rest of the line stays, styled as it asked
    expect(parseAnsi(`${ESC}]0;title ${ESC}[31mred${ESC}[0m tail`)).toEqual([
      { text: `${ESC}]0;title `, style: null },
      { text: 'red', style: { fg: 1 } },
      { text: ' tail', style: null },
    ]);
    expect(stripAnsi(`a${ESC}]8;;http://x b${ESC}[1mc`)).toBe(`a${ESC}]8;;http://x bc`);
  });

  it('copes with a sequence split across two lines', () => {
    // The first line ends inside the sequence; the rest arrives as text of the next line.
    expect(visible(parseAnsi(`red${ESC}[3`))).toBe('red');
    expect(visible(parseAnsi('1mbold'))).toBe('1mbold');
  });

  it('keeps text after a cancelled sequence', () => {
    expect(visible(parseAnsi(`${ESC}[31\u00e9t\u00e9`))).toBe('\u00e9t\u00e9');
  });

  it('never hides text with SGR 8 (conceal)', () => {
    expect(parseAnsi(`${ESC}[8msecret${ESC}[28m`)).toEqual([{ text: 'secret', style: null }]);
    expect(parseAnsi(`${ESC}[31;8msecret`)).toEqual([{ text: 'secret', style: { fg: 1 } }]);
  });

  it('leaves foreground-equals-background to the renderer, flagged by isConcealing', () => {
    const [segment] = parseAnsi(`${ESC}[30;40mhidden?`);
    expect(segment).toEqual({ text: 'hidden?', style: { fg: 0, bg: 0 } });
    expect(
      segment?.style !== null && segment?.style !== undefined && isConcealing(segment.style),
    ).toBe(true);
  });

  it('never produces HTML and keeps markup as text', () => {
    const hostile = `${ESC}[31m<img src=x onerror=alert(1)>${ESC}[0m <a href="javascript:alert(1)">x</a>`;
    const segments = parseAnsi(hostile);
    expect(visible(segments)).toBe(
      '<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>',
    );
    expect(segments[0]).toEqual({ text: '<img src=x onerror=alert(1)>', style: { fg: 1 } });
  });

  it('keeps bidi overrides and NUL bytes as plain text for the renderer to handle', () => {
    const text = `${ESC}[1mfile\u202Etxt.exe\u0000end`;
    expect(parseAnsi(text)).toEqual([
      { text: 'file\u202Etxt.exe\u0000end', style: { bold: true } },
    ]);
  });

  it('returns fresh style objects, so one segment cannot change another', () => {
    const segments = parseAnsi(`${ESC}[31ma${ESC}[1mb`);
    expect(segments[0]?.style).not.toBe(segments[1]?.style);
    expect(segments[0]?.style).toEqual({ fg: 1 });
  });

  it('handles a 1 MB line with many escapes', () => {
    const chunk = `${ESC}[31mred${ESC}[0m plain `;
    const line = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
    const segments = parseAnsi(line);
    expect(segments.length).toBe(2 * Math.ceil(1_000_000 / chunk.length));
    expect(visible(segments)).toBe(stripAnsi(line));
  });

  it('handles a 1 MB line that is one unterminated escape', () => {
    const osc = `ok${ESC}]${'x'.repeat(1_000_000)}`;
    expect(parseAnsi(osc)).toEqual([{ text: osc, style: null }]);
    expect(parseAnsi(`ok${ESC}[${'1;'.repeat(500_000)}`)).toEqual([{ text: 'ok', style: null }]);
  });
});

describe('stripAnsi', () => {
  it('returns the same string when there is no escape', () => {
    const text = 'no escapes here';
    expect(stripAnsi(text)).toBe(text);
  });

  it('removes SGR, CSI, OSC and lone escapes', () => {
    expect(stripAnsi(`${ESC}[31mERROR${ESC}[0m x`)).toBe('ERROR x');
    expect(stripAnsi(`a${ESC}[2Kb${ESC}]0;t\x07c${ESC}7d${ESC}`)).toBe('abcd');
    expect(stripAnsi(`${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe('link');
  });

  it('agrees with the text of parseAnsi', () => {
    const samples = [
      `${ESC}[1;31m[ERROR]${ESC}[0m ${ESC}[2mdim${ESC}[22m`,
      `${ESC}[38;2;1;2;3mtrue${ESC}[48;5;200mcolour`,
      `x${ESC}[31`,
      `${ESC}(Bcharset${ESC}#8`,
      `${ESC}]8;;never ended ${ESC}[31mred`,
    ];
    for (const sample of samples) expect(stripAnsi(sample)).toBe(visible(parseAnsi(sample)));
  });
});

describe('isConcealing', () => {
  it('reports a foreground equal to the background', () => {
    expect(isConcealing({ fg: 1, bg: 1 })).toBe(true);
    expect(isConcealing({ fg: '#aabbcc', bg: '#aabbcc' })).toBe(true);
    expect(isConcealing({ fg: 16, bg: '#000000' })).toBe(true);
    expect(isConcealing({ fg: '#EEEEEE', bg: 255 })).toBe(true);
  });

  it('does not report distinct or partly default colours', () => {
    expect(isConcealing({ fg: 1, bg: 2 })).toBe(false);
    expect(isConcealing({ fg: 1 })).toBe(false);
    expect(isConcealing({ bg: 1 })).toBe(false);
    expect(isConcealing({})).toBe(false);
    // Basic colours are themed, so they are not compared with palette or truecolour values.
    expect(isConcealing({ fg: 0, bg: 16 })).toBe(false);
    expect(isConcealing({ fg: 0, bg: '#000000' })).toBe(false);
  });
});

describe('ansiColor', () => {
  it('maps the 16 basic colours to theme variables', () => {
    expect(ansiColor(0)).toBe('var(--ansi-0)');
    expect(ansiColor(9)).toBe('var(--ansi-9)');
    expect(ansiColor(15)).toBe('var(--ansi-15)');
  });

  it('maps the cube and the grey ramp to rgb()', () => {
    expect(ansiColor(16)).toBe('rgb(0, 0, 0)');
    expect(ansiColor(196)).toBe('rgb(255, 0, 0)');
    expect(ansiColor(208)).toBe('rgb(255, 135, 0)');
    expect(ansiColor(232)).toBe('rgb(8, 8, 8)');
    expect(ansiColor(255)).toBe('rgb(238, 238, 238)');
  });

  it('answers inherit for anything outside the palette', () => {
    expect(ansiColor(-1)).toBe('inherit');
    expect(ansiColor(256)).toBe('inherit');
    expect(ansiColor(1.5)).toBe('inherit');
    expect(ansiColor(Number.NaN)).toBe('inherit');
  });
});
