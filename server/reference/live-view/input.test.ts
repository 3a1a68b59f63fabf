// A viewer's messages as the live view replays them: positions scaled from the frame to the page,
// keys that type and keys that do not, and everything malformed dropped.
import { describe, expect, it } from 'vitest';
import { jpegSize } from '../browser/screencast.ts';
import { inputCommand } from './input.ts';

const VIEWPORT = { width: 1280, height: 720 };
const of = (message: unknown) => inputCommand(JSON.stringify(message), VIEWPORT);

describe('live view input', () => {
  it('puts a mouse press where it was on the frame, in the page’s CSS pixels', () => {
    expect(
      of({
        type: 'mouse',
        action: 'down',
        x: 0.5,
        y: 0.25,
        button: 'left',
        buttons: 1,
        clickCount: 2,
        modifiers: 8,
      }),
    ).toEqual({
      method: 'Input.dispatchMouseEvent',
      params: {
        type: 'mousePressed',
        x: 640,
        y: 180,
        button: 'left',
        buttons: 1,
        clickCount: 2,
        modifiers: 8,
      },
    });
    expect(of({ type: 'mouse', action: 'move', x: 2, y: -1, button: 'left' })?.params).toEqual({
      type: 'mouseMoved',
      x: 1280,
      y: 0,
      button: 'none',
      buttons: 0,
      clickCount: 0,
      modifiers: 0,
    });
  });

  it('scrolls with the wheel, within bounds', () => {
    expect(of({ type: 'wheel', x: 0.1, y: 0.1, deltaX: 0, deltaY: 1e9 })?.params).toMatchObject({
      type: 'mouseWheel',
      x: 128,
      y: 72,
      deltaY: 10_000,
    });
    expect(of({ type: 'wheel', x: 0.1, y: 0.1, deltaX: 0, deltaY: 0 })).toBeUndefined();
  });

  it('types characters and Enter; other keys and shortcuts type nothing', () => {
    expect(
      of({ type: 'key', action: 'down', key: 'a', code: 'KeyA', keyCode: 65 })?.params,
    ).toEqual({
      type: 'keyDown',
      key: 'a',
      code: 'KeyA',
      windowsVirtualKeyCode: 65,
      nativeVirtualKeyCode: 65,
      modifiers: 0,
      text: 'a',
      unmodifiedText: 'a',
    });
    expect(of({ type: 'key', action: 'down', key: 'Enter', keyCode: 13 })?.params).toMatchObject({
      type: 'keyDown',
      text: '\r',
    });
    expect(
      of({ type: 'key', action: 'down', key: 'ArrowLeft', keyCode: 37 })?.params,
    ).toMatchObject({
      type: 'rawKeyDown',
    });
    expect(of({ type: 'key', action: 'down', key: 'c', modifiers: 2 })?.params).not.toHaveProperty(
      'text',
    );
    expect(of({ type: 'key', action: 'up', key: 'a' })?.params).toMatchObject({ type: 'keyUp' });
  });

  it('drops what is not a viewer’s message', () => {
    for (const raw of ['', 'not json', '[]', 'null', '{"type":"eval","expression":"1"}'])
      expect(inputCommand(raw, VIEWPORT)).toBeUndefined();
    expect(of({ type: 'mouse', action: 'down' })).toBeUndefined();
    expect(of({ type: 'mouse', action: 'drag', x: 0, y: 0 })).toBeUndefined();
    expect(of({ type: 'key', action: 'down', key: 'x'.repeat(41) })).toBeUndefined();
    expect(of({ type: 'key', action: 'press', key: 'a' })).toBeUndefined();
  });
});

describe('jpegSize', () => {
  it('reads the size from the start-of-frame marker', () => {
    // SOI, an APP0 segment of 4 bytes, then SOF0 with height 720 and width 1280
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0xd0,
      0x05, 0x00, 0x03, 0x01, 0x22, 0x00,
    ]);
    expect(jpegSize(jpeg)).toEqual({ width: 1280, height: 720 });
    expect(jpegSize(Buffer.from('not a jpeg'))).toBeUndefined();
  });
});
