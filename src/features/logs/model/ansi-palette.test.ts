import { describe, expect, it } from 'vitest';
import { PALETTE_CSS, paletteRgb } from './ansi-palette';

describe('paletteRgb', () => {
  it('computes the 6×6×6 cube', () => {
    expect(paletteRgb(16)).toEqual([0, 0, 0]);
    expect(paletteRgb(21)).toEqual([0, 0, 255]);
    expect(paletteRgb(46)).toEqual([0, 255, 0]);
    expect(paletteRgb(196)).toEqual([255, 0, 0]);
    expect(paletteRgb(208)).toEqual([255, 135, 0]);
    expect(paletteRgb(231)).toEqual([255, 255, 255]);
  });

  it('computes the grey ramp', () => {
    expect(paletteRgb(232)).toEqual([8, 8, 8]);
    expect(paletteRgb(244)).toEqual([128, 128, 128]);
    expect(paletteRgb(255)).toEqual([238, 238, 238]);
  });
});

describe('PALETTE_CSS', () => {
  it('has one CSS colour per index, basic colours as theme variables', () => {
    expect(PALETTE_CSS).toHaveLength(256);
    expect(PALETTE_CSS[0]).toBe('var(--ansi-0)');
    expect(PALETTE_CSS[15]).toBe('var(--ansi-15)');
    expect(PALETTE_CSS[16]).toBe('rgb(0, 0, 0)');
    expect(PALETTE_CSS[255]).toBe('rgb(238, 238, 238)');
  });
});
