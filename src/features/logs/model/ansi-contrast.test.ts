import { describe, expect, it } from 'vitest';
import { parseAnsi } from './ansi';
import {
  BASIC_COLOURS,
  contrastRatio,
  illegibleIn,
  MIN_CONTRAST,
  PALETTE_THEMES,
  THEME_COLOURS,
} from './ansi-contrast';

const ESC = '\x1b';

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** styles.css as written (Vitest hands CSS imports over empty, so it is read from disk). */
async function readStyles(): Promise<string> {
  const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as {
    readFileSync(path: string, encoding: 'utf8'): string;
  };
  // Vitest runs from the project root.
  return fs.readFileSync('src/styles.css', 'utf8');
}

/** The `--name: value;` declarations of one theme block of styles.css. */
function themeVariables(styles: string, theme: 'light' | 'dark'): Map<string, string> {
  const start = styles.indexOf(`[data-theme='${theme}'] {`);
  const block = styles.slice(start, styles.indexOf('}', start));
  return new Map(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

describe('the basic ANSI palette', () => {
  it('is what styles.css defines, in both themes', async () => {
    const styles = await readStyles();
    for (const theme of PALETTE_THEMES) {
      const variables = themeVariables(styles, theme);
      BASIC_COLOURS[theme].forEach((colour, index) => {
        expect(variables.get(`--ansi-${index}`), `${theme} --ansi-${index}`).toBe(colour);
      });
      expect(variables.get('--fg')).toBe(THEME_COLOURS[theme].fg);
      expect(variables.get('--panel')).toBe(THEME_COLOURS[theme].bg);
    }
  });

  it('has each basic colour readable on its theme’s panel, or so close that it falls back', () => {
    for (const theme of PALETTE_THEMES) {
      BASIC_COLOURS[theme].forEach((colour, index) => {
        const ratio = contrastRatio(rgb(colour), rgb(THEME_COLOURS[theme].bg));
        const fallsBack = illegibleIn({ fg: index }).includes(theme);
        expect(ratio >= 4.5 || fallsBack, `${theme} ${index}: ${ratio.toFixed(2)}`).toBe(true);
        expect(fallsBack).toBe(ratio < MIN_CONTRAST);
      });
    }
    // black text in the dark theme, white text in the light one
    expect(illegibleIn({ fg: 0 })).toEqual(['dark']);
    expect(illegibleIn({ fg: 7 })).toEqual(['light']);
  });
});

describe('contrastRatio', () => {
  it('is 1 for equal colours and 21 for black on white', () => {
    expect(contrastRatio([10, 20, 30], [10, 20, 30])).toBe(1);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
  });
});

describe('illegibleIn', () => {
  const styleOf = (line: string) => parseAnsi(line)[0]?.style ?? {};

  it('finds black on black and any equal pair in both themes', () => {
    expect(illegibleIn(styleOf(`${ESC}[30;40mhidden`))).toEqual(['light', 'dark']);
    expect(illegibleIn(styleOf(`${ESC}[38;5;196;48;2;255;0;0mhidden`))).toEqual(['light', 'dark']);
    expect(illegibleIn(styleOf(`${ESC}[7;31;41mhidden`))).toEqual(['light', 'dark']);
  });

  it('finds text coloured like the theme’s background, or a background like its text', () => {
    expect(illegibleIn(styleOf(`${ESC}[38;2;17;24;39mhidden`))).toEqual(['dark']);
    expect(illegibleIn(styleOf(`${ESC}[38;2;18;25;40mhidden`))).toEqual(['dark']);
    expect(illegibleIn(styleOf(`${ESC}[38;5;231mhidden`))).toEqual(['light']);
    expect(illegibleIn(styleOf(`${ESC}[48;2;229;233;240mhidden`))).toEqual(['dark']);
    // inverse of the defaults swaps them: still readable
    expect(illegibleIn(styleOf(`${ESC}[7mshown`))).toEqual([]);
  });

  it('leaves ordinary colours alone', () => {
    for (const line of [
      `${ESC}[31mred`,
      `${ESC}[1;33mbold yellow`,
      `${ESC}[30;47mblack on white`,
      `${ESC}[37;44mwhite on blue`,
      `${ESC}[37;41mwhite on red`,
      `${ESC}[30;42mblack on green`,
      `${ESC}[38;5;208morange`,
      `${ESC}[2munstyled dim`,
    ]) {
      expect(illegibleIn(styleOf(line)), JSON.stringify(line)).toEqual([]);
    }
    for (const colour of [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]) {
      expect(illegibleIn({ fg: colour }), `fg ${colour}`).toEqual([]);
    }
  });

  it('uses a threshold between equal colours and the weakest ordinary pair', () => {
    expect(MIN_CONTRAST).toBeGreaterThan(1);
    expect(MIN_CONTRAST).toBeLessThan(2);
  });
});
