/**
 * What the timeline knows about each telemetry category and event type (shared/api-contract.md §3):
 * category labels, colours and icons, and the description of an event: its one-line summary and
 * error rule (event-summaries.ts) and console level. Its search text is built when a search first
 * needs it (event-search.ts). Every `data`
 * field is treated as optional and possibly of the wrong type; nothing here throws.
 */
import type { TelemetryEvent } from '../../../types/api';
import { field, isRecord, type Data } from './data-fields';
import { DROPPED, NO_DATA_TYPES, ruleFor, summarize, UNKNOWN_ERROR_TYPE } from './event-summaries';

export type KnownCategory =
  | 'console'
  | 'network'
  | 'page'
  | 'interaction'
  | 'screenshot'
  | 'monitor'
  | 'control'
  | 'connection'
  | 'system'
  | 'captcha';

/**
 * Categories in display order (`monitor` is not configurable but is a category of its own). Typed
 * as strings so that callers can look up any category name in it.
 */
export const KNOWN_CATEGORIES: readonly string[] = [
  'console',
  'network',
  'page',
  'interaction',
  'screenshot',
  'monitor',
  'control',
  'connection',
  'system',
  'captcha',
] satisfies readonly KnownCategory[];
export type CategoryIconName = KnownCategory | 'other';

export interface CategoryStyle {
  label: string;
  /** Name of the CSS custom property holding the category's text colour, e.g. `--cat-network`. */
  colorVar: string;
  icon: CategoryIconName;
}

const CATEGORY_LABELS: Readonly<Record<KnownCategory, string>> = {
  console: 'Console',
  network: 'Network',
  page: 'Page',
  interaction: 'Interaction',
  screenshot: 'Screenshot',
  monitor: 'Monitor',
  control: 'Control',
  connection: 'Connection',
  system: 'System',
  captcha: 'Captcha',
};

export function isKnownCategory(category: string): category is KnownCategory {
  return Object.hasOwn(CATEGORY_LABELS, category);
}

/** Label, colour variable and icon of a category; unknown categories keep their own name. */
export function categoryStyle(category: string): CategoryStyle {
  if (isKnownCategory(category)) {
    return { label: CATEGORY_LABELS[category], colorVar: `--cat-${category}`, icon: category };
  }
  return { label: category === '' ? 'Other' : category, colorVar: '--cat-other', icon: 'other' };
}

export interface EventDescription {
  /** One line (no line breaks), at most SUMMARY_MAX characters. */
  summary: string;
  error: boolean;
  /** Console level for console events, else null. */
  level: string | null;
}

// ---- the description ----------------------------------------------------------------------------

function consoleLevel(type: string, data: Data): string | null {
  if (type === 'console_error') return 'error';
  if (type !== 'console_log') return null;
  const level = field(data, 'level');
  return typeof level === 'string' && level.trim() !== '' ? level : 'log';
}

/** Summary, error flag and console level of one event. Never throws. */
export function describeEvent(event: TelemetryEvent): EventDescription {
  const type = typeof event.type === 'string' ? event.type : '';
  const data: Data = isRecord(event.data) ? event.data : {};
  const rule = ruleFor(type);
  const dropped = event.truncated === true || (event.data === null && !NO_DATA_TYPES.has(type));
  const summary = dropped ? DROPPED : summarize(rule, data);
  const error = rule ? (rule.error?.(data) ?? false) : UNKNOWN_ERROR_TYPE.test(type);
  return { summary, error, level: consoleLevel(type, data) };
}
