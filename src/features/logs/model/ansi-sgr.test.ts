import { describe, expect, it } from 'vitest';
import { applySgr, createSgrState, resetSgrState } from './ansi-sgr';
import type { SgrState } from './ansi-sgr';

/** State after applying each parameter string (what sits between `ESC [` and `m`) in turn. */
function stateAfter(...params: string[]): SgrState {
  const state = createSgrState();
  for (const p of params) applySgr(state, p, 0, p.length);
  return state;
}

describe('applySgr', () => {
  it('starts from the default style', () => {
    expect(createSgrState()).toEqual({
      fg: undefined,
      bg: undefined,
      bold: false,
      dim: false,
      italic: false,
      underline: false,
      inverse: false,
      strike: false,
    });
  });

  it('turns attributes on and off', () => {
    expect(stateAfter('1;2;3;4;7;9')).toMatchObject({
      bold: true,
      dim: true,
      italic: true,
      underline: true,
      inverse: true,
      strike: true,
    });
    expect(stateAfter('1;2;3;4;7;9', '22;23;24;27;29')).toEqual(createSgrState());
  });

  it('resets on 0 and on an empty parameter list', () => {
    expect(stateAfter('1;31;42', '0')).toEqual(createSgrState());
    expect(stateAfter('1;31;42', '')).toEqual(createSgrState());
    // An empty parameter in a list counts as 0.
    expect(stateAfter('1;31', ';4')).toMatchObject({ bold: false, fg: undefined, underline: true });
  });

  it('sets basic and bright colours as indexes 0-15', () => {
    expect(stateAfter('30;47')).toMatchObject({ fg: 0, bg: 7 });
    expect(stateAfter('37;40')).toMatchObject({ fg: 7, bg: 0 });
    expect(stateAfter('90;107')).toMatchObject({ fg: 8, bg: 15 });
    expect(stateAfter('97;100')).toMatchObject({ fg: 15, bg: 8 });
    expect(stateAfter('31;41', '39')).toMatchObject({ fg: undefined, bg: 1 });
    expect(stateAfter('31;41', '49')).toMatchObject({ fg: 1, bg: undefined });
  });

  it('reads 256-colour and truecolour in ; form', () => {
    expect(stateAfter('38;5;208')).toMatchObject({ fg: 208 });
    expect(stateAfter('48;5;4')).toMatchObject({ bg: 4 });
    expect(stateAfter('38;2;255;128;0')).toMatchObject({ fg: '#ff8000' });
    expect(stateAfter('48;2;1;2;3')).toMatchObject({ bg: '#010203' });
    expect(stateAfter('1;38;5;9;4')).toMatchObject({ bold: true, fg: 9, underline: true });
    expect(stateAfter('38;2;10;20;30;1')).toMatchObject({ fg: '#0a141e', bold: true });
  });

  it('reads 256-colour and truecolour in : form, with or without a colour space', () => {
    expect(stateAfter('38:5:120')).toMatchObject({ fg: 120 });
    expect(stateAfter('38:2:255:0:0')).toMatchObject({ fg: '#ff0000' });
    expect(stateAfter('48:2::0:255:0')).toMatchObject({ bg: '#00ff00' });
    expect(stateAfter('38:2:0:1:2:3')).toMatchObject({ fg: '#010203' });
    expect(stateAfter('38:5:120;1')).toMatchObject({ fg: 120, bold: true });
  });

  it('ignores malformed extended colours without misreading what follows', () => {
    expect(stateAfter('38;5;256')).toMatchObject({ fg: undefined });
    expect(stateAfter('38;5;256;1')).toMatchObject({ fg: undefined, bold: true });
    expect(stateAfter('38;2;300;0;0')).toMatchObject({ fg: undefined });
    expect(stateAfter('38;2;1;2')).toMatchObject({ fg: undefined, bold: false });
    expect(stateAfter('38;5')).toMatchObject({ fg: undefined });
    expect(stateAfter('38')).toMatchObject({ fg: undefined });
    expect(stateAfter('38:5;1')).toMatchObject({ fg: undefined, bold: true });
    expect(stateAfter('31', '38;9;1')).toMatchObject({ fg: 1, bold: true });
  });

  it('ignores conceal, blink and unknown codes', () => {
    expect(stateAfter('8')).toEqual(createSgrState());
    expect(stateAfter('5;6;8;28;53;73;999')).toEqual(createSgrState());
    expect(stateAfter('31', '8')).toMatchObject({ fg: 1 });
  });

  it('handles underline styles in : form', () => {
    expect(stateAfter('4:3')).toMatchObject({ underline: true });
    expect(stateAfter('4', '4:0')).toMatchObject({ underline: false });
  });

  it('survives absurd parameters', () => {
    expect(stateAfter('99999999999999999999999;1')).toMatchObject({ bold: true });
    expect(stateAfter(`${'1;'.repeat(10_000)}31`)).toMatchObject({ bold: true, fg: 1 });
  });

  it('reads only the given range of the text', () => {
    const state = createSgrState();
    const text = '\x1b[1;32mhello';
    applySgr(state, text, 2, 6);
    expect(state).toMatchObject({ bold: true, fg: 2 });
  });
});

describe('resetSgrState', () => {
  it('clears every attribute', () => {
    const state = stateAfter('1;2;3;4;7;9;31;42');
    resetSgrState(state);
    expect(state).toEqual(createSgrState());
  });
});
