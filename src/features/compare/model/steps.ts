/**
 * The steps of a run, in order: each top-level page visit, and within it what the agent made the
 * browser do (`cdp_command`) and what the page saw the user do (`interaction_*`). Each step has a
 * key that says what it did in words that stay the same from one run of a task to the next (URL
 * patterns, selectors without ids), so that two runs can be lined up by what they did. Noise is
 * left out (mouse moves, key releases, screencasts); a repeat folds into the step it repeats, and
 * a pair repeated (a command and the interaction it caused, again and again) into one pair. A
 * step belongs to the latest visit begun before it in the timeline (of any tab): the order of the
 * items decides, never their clocks. Pure; two passes over the items (the visits', the steps').
 */
import { isRecord } from '../../../lib/is-record';
import { readEvent } from '../../../entities/session-events/model/event-item';
import { computePages, type PageVisit } from '../../../entities/session-events/model/pages';
import type { EventItem, TimelineSource } from '../../../entities/session-events/model/types';
import { normaliseIds, normaliseText } from './fingerprint';
import { urlPattern } from './url-pattern';

export type StepKind = 'visit' | 'command' | 'interaction';

export interface Step {
  kind: StepKind;
  /** What it did, comparable across runs: `visit https://shop/orders/:id`, `click #pay "Pay"`. */
  key: string;
  /** Timeline index of its first item. */
  index: number;
  /** µs: when it started, and when the next step of its visit (or the visit) started. */
  startUs: number;
  endUs: number;
  /** Position of its visit in the run's visits; -1 before the first page. */
  visit: number;
  /** Items folded into it: a burst of typing, a double click, one scroll after another. */
  count: number;
}

/** A page visit's step and the steps taken on it. */
export interface VisitSteps {
  /** null for what happened before the first page. */
  visit: PageVisit | null;
  /** The visit itself as a step; null before the first page. */
  step: Step | null;
  steps: Step[];
  /** Steps of the visit left out over the cap. */
  cut: number;
}

export interface RunSteps {
  /** What happened before the first page, then one entry per visit, in order. */
  groups: VisitSteps[];
  visits: PageVisit[];
  /** Events read. */
  events: number;
  /** Steps left out over the per-visit cap, in all. */
  cut: number;
}

export interface StepOptions {
  /** Steps kept per visit (the first ones); 5,000 unless given. */
  maxStepsPerVisit?: number;
  /** The run's visits, when already worked out (computePages of the same source). */
  visits?: PageVisit[];
}

export const MAX_STEPS_PER_VISIT = 5_000;

type Data = Record<string, unknown>;

const str = (data: Data, key: string): string | null => {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** Methods whose every call is noise for a comparison (a live view's screencast). */
const SKIPPED_METHODS = new Set(['Page.startScreencast', 'Page.stopScreencast']);

/** The argument that tells one call of a method from another, as a pattern; null when none. */
function mainArgument(data: Data): string | null {
  const url = str(data, 'url');
  if (url !== null) return urlPattern(url);
  const scheme = str(data, 'url_scheme');
  const host = str(data, 'url_host');
  if (scheme !== null) return host !== null ? `${scheme}://${host.toLowerCase()}` : `${scheme}:`;
  const selector = str(data, 'selector');
  if (selector !== null) return normaliseIds(selector);
  const text = str(data, 'text');
  if (text !== null) return `"${normaliseText(text).slice(0, 60)}"`;
  return str(data, 'named_key') ?? str(data, 'event_type');
}

/** The key of an agent's command; null for one left out (a mouse move, a key release…). */
export function commandKey(data: Data): string | null {
  const method = str(data, 'method') ?? 'CDP command';
  const phase = str(data, 'event_type');
  switch (method) {
    case 'Input.dispatchMouseEvent':
    case 'Input.emulateTouchFromMouseEvent':
      // a press stands for the click; moves and releases would only count the gesture again
      if (phase === 'mousePressed') return `${method} click ${str(data, 'button') ?? 'left'}`;
      return phase === 'mouseWheel' ? `${method} wheel` : null;
    case 'Input.dispatchTouchEvent':
      return phase === 'touchStart' ? `${method} touch` : null;
    case 'Input.dispatchDragEvent':
      return phase === 'drop' || phase === 'dragCancel' ? `${method} ${phase}` : null;
    case 'Input.dispatchKeyEvent':
      if (phase === 'keyUp') return null;
      // text typed is one step however long; a key that commands the page is a step of its own
      return `${method} ${str(data, 'named_key') ?? 'text'}`;
    case 'Input.insertText':
    case 'Input.imeSetComposition':
      return `${method} text`;
  }
  if (SKIPPED_METHODS.has(method)) return null;
  const argument = mainArgument(data);
  return argument === null ? method : `${method} ${argument}`;
}

function target(data: Data, field = 'selector'): string {
  const selector = str(data, field);
  return selector === null ? '' : ` ${normaliseIds(selector)}`;
}

/** The key of something the page saw the user do. */
export function interactionKey(type: string, data: Data): string {
  const kind = type.replace(/^interaction_/, '');
  switch (kind) {
    case 'click': {
      const label = str(data, 'text');
      const tag = str(data, 'tag');
      const what = target(data) || (tag !== null ? ` <${tag.toLowerCase()}>` : '');
      return `click${what}${label !== null ? ` "${normaliseText(label).slice(0, 40)}"` : ''}`;
    }
    case 'key': {
      const key = str(data, 'key') ?? (data.key === ' ' ? ' ' : null);
      // characters typed are one step; a key such as Enter is a step of its own
      if (key === null || key.length === 1) return `type into${target(data)}`.trim();
      return `key ${key} on${target(data)}`.trim();
    }
    case 'scroll_settled':
      return `scroll${target(data, 'target_selector')}`;
    default:
      return `${kind}${target(data) || target(data, 'target_selector')}`;
  }
}

function dataOf(item: EventItem): Data {
  const data = readEvent(item).data;
  return isRecord(data) ? data : {};
}

/** The key of an item's step and its kind; null when the item is no step. */
function stepOf(item: EventItem): { kind: StepKind; key: string } | null {
  if (item.type === 'cdp_command') {
    const key = commandKey(dataOf(item));
    return key === null ? null : { kind: 'command', key };
  }
  if (item.type.startsWith('interaction_'))
    return { kind: 'interaction', key: interactionKey(item.type, dataOf(item)) };
  return null;
}

function visitStep(visit: PageVisit, position: number): Step {
  const endUs = visit.endUs ?? visit.lastUs;
  return {
    kind: 'visit',
    key: `visit ${urlPattern(visit.url) || '(no URL)'}`,
    index: visit.index,
    startUs: visit.startUs,
    endUs: Math.max(endUs, visit.startUs),
    visit: position,
    count: 1,
  };
}

/** Each step ends where the next one of its visit starts, the last where the visit ends. */
function closeSteps(group: VisitSteps, endUs: number): void {
  const { steps } = group;
  for (let at = 0; at < steps.length; at += 1) {
    const step = steps[at] as Step;
    const next = steps[at + 1];
    step.endUs = Math.max(step.startUs, next ? next.startUs : endUs);
  }
}

/** The steps of a run (see the file's comment). */
export function runSteps(source: TimelineSource, options: StepOptions = {}): RunSteps {
  const visits = options.visits ?? computePages(source);
  const cap = Math.max(1, options.maxStepsPerVisit ?? MAX_STEPS_PER_VISIT);
  const groups: VisitSteps[] = [{ visit: null, step: null, steps: [], cut: 0 }];
  let group = groups[0] as VisitSteps;
  let nextVisit = 0;
  let events = 0;
  let cut = 0;
  let lastUs = Number.NEGATIVE_INFINITY;
  /** A step that repeats the one before the last (X Y X): it folds if the next repeats Y. */
  let pending: Step | null = null;

  source.forEach((item) => {
    if (item.kind !== 'event') return;
    events += 1;
    if (Number.isFinite(item.tsUs)) lastUs = Math.max(lastUs, item.tsUs);
    while (nextVisit < visits.length && item.index >= (visits[nextVisit] as PageVisit).index) {
      const visit = visits[nextVisit] as PageVisit;
      group = { visit, step: visitStep(visit, nextVisit), steps: [], cut: 0 };
      pending = null;
      groups.push(group);
      nextVisit += 1;
    }
    const found = stepOf(item);
    if (!found) return;
    const { steps } = group;
    const last = steps[steps.length - 1];
    // a repeat folds into the step it repeats
    if (last && last.key === found.key && last.kind === found.kind) {
      last.count += 1;
      return;
    }
    // a pair repeated (a command and the interaction it caused, key after key typed) folds into
    // the first pair: X Y X Y → X Y, each counted twice
    if (pending && last === pending) {
      const first = steps[steps.length - 3] as Step;
      const second = steps[steps.length - 2] as Step;
      if (second.key === found.key && second.kind === found.kind) {
        first.count += pending.count;
        second.count += 1;
        steps.pop();
        pending = null;
        return;
      }
    }
    pending = null;
    if (steps.length >= cap) {
      group.cut += 1;
      cut += 1;
      return;
    }
    const step: Step = {
      kind: found.kind,
      key: found.key,
      index: item.index,
      startUs: item.tsUs,
      endUs: item.tsUs,
      visit: group.step ? group.step.visit : -1,
      count: 1,
    };
    steps.push(step);
    const before = steps[steps.length - 3];
    if (
      last &&
      before &&
      last.kind !== step.kind &&
      before.key === step.key &&
      before.kind === step.kind
    )
      pending = step;
  });

  for (const each of groups) {
    const end = each.step
      ? each.step.endUs
      : ((groups[1]?.step?.startUs ?? (Number.isFinite(lastUs) ? lastUs : 0)) as number);
    closeSteps(each, end);
  }
  return { groups, visits, events, cut };
}

/** Every step of a run in order, visits among them: for counting and for showing one run alone. */
export function flatSteps(run: RunSteps): Step[] {
  const all: Step[] = [];
  for (const group of run.groups) {
    if (group.step) all.push(group.step);
    for (const step of group.steps) all.push(step);
  }
  return all;
}
