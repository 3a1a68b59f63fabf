// What a live view's viewer may send: mouse, wheel and key messages, checked and turned into the
// CDP `Input.*` commands that replay them in the page. Positions arrive as fractions of the shown
// frame (0–1 each way) and land in the page's viewport in CSS pixels.
import { isRecord } from '../../shared/http.ts';

export interface InputCommand {
  method: 'Input.dispatchMouseEvent' | 'Input.dispatchKeyEvent';
  params: Record<string, unknown>;
}

/** The page's viewport in CSS pixels, as the newest frame reports it. */
export interface Viewport {
  width: number;
  height: number;
}

const MOUSE_TYPES = { move: 'mouseMoved', down: 'mousePressed', up: 'mouseReleased' } as const;
const BUTTONS = ['none', 'left', 'middle', 'right', 'back', 'forward'] as const;
/** Longest `key` / `code` a keyboard event has (`MediaTrackPrevious` and the like). */
const MAX_KEY = 40;
/** Largest scroll of one wheel message, in CSS pixels. */
const MAX_WHEEL_DELTA = 10_000;

function int(value: unknown, min: number, max: number, fallback = min): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;
}

function fraction(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.min(1, Math.max(0, value));
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_KEY
    ? value
    : undefined;
}

/** Where a fraction of the frame is in the page, rounded to a tenth of a pixel. */
function point(message: Record<string, unknown>, viewport: Viewport): { x: number; y: number } {
  const fx = fraction(message.x) ?? 0;
  const fy = fraction(message.y) ?? 0;
  return {
    x: Math.round(fx * viewport.width * 10) / 10,
    y: Math.round(fy * viewport.height * 10) / 10,
  };
}

function mouse(message: Record<string, unknown>, viewport: Viewport): InputCommand | undefined {
  const type = MOUSE_TYPES[message.action as keyof typeof MOUSE_TYPES];
  if (!type || fraction(message.x) === undefined || fraction(message.y) === undefined)
    return undefined;
  const button = BUTTONS.includes(message.button as (typeof BUTTONS)[number])
    ? (message.button as string)
    : 'none';
  return {
    method: 'Input.dispatchMouseEvent',
    params: {
      type,
      ...point(message, viewport),
      button: type === 'mouseMoved' ? 'none' : button,
      buttons: int(message.buttons, 0, 31),
      clickCount: type === 'mouseMoved' ? 0 : int(message.clickCount, 0, 3, 1),
      modifiers: int(message.modifiers, 0, 15),
    },
  };
}

function wheel(message: Record<string, unknown>, viewport: Viewport): InputCommand | undefined {
  const delta = (value: unknown): number =>
    typeof value === 'number' && Number.isFinite(value)
      ? Math.min(MAX_WHEEL_DELTA, Math.max(-MAX_WHEEL_DELTA, value))
      : 0;
  const deltaX = delta(message.deltaX);
  const deltaY = delta(message.deltaY);
  if (deltaX === 0 && deltaY === 0) return undefined;
  return {
    method: 'Input.dispatchMouseEvent',
    params: {
      type: 'mouseWheel',
      ...point(message, viewport),
      deltaX,
      deltaY,
      modifiers: int(message.modifiers, 0, 15),
    },
  };
}

/** Ctrl (2) or Meta (4): a shortcut, which types no text. */
const SHORTCUT_MODIFIERS = 2 | 4;

function key(message: Record<string, unknown>): InputCommand | undefined {
  const name = text(message.key);
  if (!name || (message.action !== 'down' && message.action !== 'up')) return undefined;
  const modifiers = int(message.modifiers, 0, 15);
  const keyCode = int(message.keyCode, 0, 255);
  const base = {
    key: name,
    code: text(message.code) ?? '',
    windowsVirtualKeyCode: keyCode,
    nativeVirtualKeyCode: keyCode,
    modifiers,
  };
  if (message.action === 'up')
    return { method: 'Input.dispatchKeyEvent', params: { type: 'keyUp', ...base } };
  // a key that types: its character (Enter types a carriage return, as a keyboard's does)
  const typed = name === 'Enter' ? '\r' : [...name].length === 1 ? name : undefined;
  if (typed === undefined || (modifiers & SHORTCUT_MODIFIERS) !== 0)
    return { method: 'Input.dispatchKeyEvent', params: { type: 'rawKeyDown', ...base } };
  return {
    method: 'Input.dispatchKeyEvent',
    params: { type: 'keyDown', ...base, text: typed, unmodifiedText: typed },
  };
}

/**
 * The CDP command a viewer's message stands for, or undefined when the message is not one a
 * viewer may send (anything malformed is dropped, never guessed at).
 */
export function inputCommand(raw: string, viewport: Viewport): InputCommand | undefined {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(message)) return undefined;
  switch (message.type) {
    case 'mouse':
      return mouse(message, viewport);
    case 'wheel':
      return wheel(message, viewport);
    case 'key':
      return key(message);
    default:
      return undefined;
  }
}
