import { readFileSync } from 'node:fs';
import { isRecord } from '../../shared/http.ts';

/** The isolated world the interaction script runs in (one per frame). */
export const INTERACTION_WORLD = '__session_console__';
/** The CDP binding the script reports through; it exists only in INTERACTION_WORLD. */
export const INTERACTION_BINDING = '__sessionConsoleInteraction';

/** Caps on the strings of a payload; in-page/interaction.js clamps to the same ones. */
export const MAX_SELECTOR = 300;
export const MAX_TEXT = 100;
export const MAX_KEY = 40;
const MAX_TAG = 64;
/** A well-formed payload is well under 4 KiB; anything much larger is not ours. */
const MAX_PAYLOAD = 16 * 1024;

/**
 * The script source to inject with `Page.addScriptToEvaluateOnNewDocument({ source, worldName:
 * INTERACTION_WORLD, runImmediately: true })`: in-page/interaction.js, a self-contained ES2020
 * IIFE with no module syntax.
 *
 * It runs in an isolated world, so page code sees neither its globals nor its listeners; the DOM
 * is shared. It is installed at document creation, before any page script, so its capture
 * listeners on `window` (the first node of every event path) run before any page listener and
 * cannot be stopped by one. Everything is wrapped in try/catch: the page is never affected.
 *
 * A real JavaScript file (type-checked from its JSDoc by tsconfig.in-page.json, linted with browser
 * globals), read once at module load and sent verbatim: not a serialised function, so no
 * transpiler helper can leak into it. Its limits and binding name must match the ones above (a
 * unit test compares them).
 */
export const INTERACTION_SCRIPT: string = readFileSync(
  new URL('./in-page/interaction.js', import.meta.url),
  'utf8',
);

/** Telemetry `data` fields of one interaction (the server adds the page context fields). */
export type InteractionData =
  | {
      type: 'interaction_click';
      data: { x: number; y: number; selector: string; tag: string; text?: string };
    }
  | { type: 'interaction_key'; data: { key: string; selector: string; tag: string } }
  | {
      type: 'interaction_scroll_settled';
      data: {
        from_x: number;
        from_y: number;
        to_x: number;
        to_y: number;
        target_selector: string;
      };
    };

/** Cuts to `max` UTF-16 units without leaving half a surrogate pair. */
function clamp(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function str(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value !== '' ? clamp(value, max) : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;
}

/**
 * Validates one binding payload (untrusted: it comes from a page) into event data, or undefined
 * when malformed. Only the known fields are kept; strings are clamped, numbers rounded.
 */
export function parseInteraction(payload: string): InteractionData | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.data)) return undefined;
  const data = value.data;
  switch (value.type) {
    case 'interaction_click': {
      const x = num(data.x);
      const y = num(data.y);
      const selector = str(data.selector, MAX_SELECTOR);
      const tag = str(data.tag, MAX_TAG);
      if (x === undefined || y === undefined || selector === undefined || tag === undefined) {
        return undefined;
      }
      if (data.text === undefined) return { type: value.type, data: { x, y, selector, tag } };
      if (typeof data.text !== 'string') return undefined;
      const text = clamp(data.text, MAX_TEXT);
      return { type: value.type, data: { x, y, selector, tag, text } };
    }
    case 'interaction_key': {
      const key = str(data.key, MAX_KEY);
      const selector = str(data.selector, MAX_SELECTOR);
      const tag = str(data.tag, MAX_TAG);
      if (key === undefined || selector === undefined || tag === undefined) return undefined;
      return { type: value.type, data: { key, selector, tag } };
    }
    case 'interaction_scroll_settled': {
      const from_x = num(data.from_x);
      const from_y = num(data.from_y);
      const to_x = num(data.to_x);
      const to_y = num(data.to_y);
      const target_selector = str(data.target_selector, MAX_SELECTOR);
      if (
        from_x === undefined ||
        from_y === undefined ||
        to_x === undefined ||
        to_y === undefined ||
        target_selector === undefined
      ) {
        return undefined;
      }
      return { type: value.type, data: { from_x, from_y, to_x, to_y, target_selector } };
    }
    default:
      return undefined;
  }
}
