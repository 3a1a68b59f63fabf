/**
 * What the timeline knows about each telemetry category and event type (shared/api-contract.md §3
 * and the types §6 adds):
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
  | 'platform'
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
  'platform',
  'connection',
  'system',
  'captcha',
] satisfies readonly KnownCategory[];
/** The categories with an icon (and a colour) of their own; the others borrow one. */
export type CategoryIconName = Exclude<KnownCategory, 'platform'> | 'other';

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
  platform: 'Platform',
  connection: 'Connection',
  system: 'System',
  captcha: 'Captcha',
};

/** What each category holds, in a sentence (api-contract.md §3 and §6). */
const CATEGORY_DESCRIPTIONS: Readonly<Record<KnownCategory, string>> = {
  console: 'Console output and uncaught exceptions of the pages.',
  network: 'HTTP requests, responses, failures and proxy errors of the pages.',
  page: 'Navigations, load milestones, tabs, layout shifts, LCP and page crashes.',
  interaction: 'Clicks, keys and scrolls in the pages (never the text typed into fields).',
  screenshot: 'Screenshots of the page on load and on uncaught exceptions.',
  monitor: 'Health of the telemetry collector itself; on whenever a CDP category is captured.',
  control:
    'What agents make the browser do: API calls that drive it and the CDP commands they send.',
  platform:
    'API calls that manage the session rather than drive its browser (reads, streams, settings). Opt-in.',
  connection: 'CDP clients and live views attaching to and leaving the browser.',
  system: 'Health of the browser machine: out-of-memory kills and crashed services.',
  captcha: 'Captcha challenges and the solver’s attempts at them.',
};

/** Categories drawn with another's colour and icon (their label tells them apart). */
const BORROWED_STYLE: Readonly<Partial<Record<KnownCategory, CategoryIconName>>> = {
  platform: 'control',
};

export function isKnownCategory(category: string): category is KnownCategory {
  return Object.hasOwn(CATEGORY_LABELS, category);
}

/** Label, colour variable and icon of a category; unknown categories keep their own name. */
export function categoryStyle(category: string): CategoryStyle {
  if (isKnownCategory(category)) {
    const look = BORROWED_STYLE[category] ?? (category as CategoryIconName);
    return { label: CATEGORY_LABELS[category], colorVar: `--cat-${look}`, icon: look };
  }
  return { label: category === '' ? 'Other' : category, colorVar: '--cat-other', icon: 'other' };
}

/**
 * How an overview lane is drawn: a category's style, or the agent lane's (`cdp_command`, the
 * commands an automation sent the browser; model/overview-columns.ts).
 */
export function laneStyle(lane: string): CategoryStyle {
  if (lane === 'agent') return { label: 'Agent', colorVar: '--cat-agent', icon: 'control' };
  return categoryStyle(lane);
}

/** One sentence on what a known category holds; null for a category the dashboard does not know. */
export function categoryDescription(category: string): string | null {
  return isKnownCategory(category) ? CATEGORY_DESCRIPTIONS[category] : null;
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
