import type { LogSource } from '../api/log-stream';
import type { TextQuery } from '../model/filter';
import type { LevelKey } from './log-buffer';
import { EMPTY_QUERY, type LogTabState } from './log-tab-store';

/**
 * The shareable view state of the log tabs, in URL parameters: the open sources (`log`, repeated:
 * `s:<program>` or `p:<path>`; `s0:` / `p0:` for "from the beginning of the file"), the active tab
 * (`tab`), and the active tab's search (`q`), filters (`in`, `ex`), hidden levels (`hide`) and
 * selected line (`line`, 1-based) and the time it shows when the reader chose one (`lt`: `line` or `read`). Query options go in `<name>o` as letters: r = regex, c = case.
 */
export interface LogUrlState {
  sources: LogSource[];
  active: number;
  view: Partial<LogTabState>;
}

const LEVEL_KEYS: readonly LevelKey[] = ['error', 'warn', 'info', 'debug', 'trace', 'none'];

export function encodeSource(source: LogSource): string {
  return `${source.kind === 'supervisor' ? 's' : 'p'}${source.follow ? '' : '0'}:${source.target}`;
}

export function decodeSource(text: string): LogSource | null {
  const match = /^([sp])(0?):(.+)$/s.exec(text);
  if (!match?.[3]) return null;
  return {
    kind: match[1] === 's' ? 'supervisor' : 'path',
    target: match[3],
    follow: match[2] !== '0',
  };
}

function readQuery(params: URLSearchParams, name: string): TextQuery {
  const options = params.get(`${name}o`) ?? '';
  return {
    text: params.get(name) ?? '',
    regex: options.includes('r'),
    caseSensitive: options.includes('c'),
  };
}

function writeQuery(params: URLSearchParams, name: string, query: TextQuery): void {
  if (!query.text) return;
  params.set(name, query.text);
  const options = `${query.regex ? 'r' : ''}${query.caseSensitive ? 'c' : ''}`;
  if (options) params.set(`${name}o`, options);
}

export function readLogUrlState(params: URLSearchParams): LogUrlState {
  const sources = params.getAll('log').flatMap((text) => decodeSource(text) ?? []);
  const active = Math.max(
    0,
    Math.min(sources.length - 1, Number.parseInt(params.get('tab') ?? '0', 10) || 0),
  );
  const view: Partial<LogTabState> = {};
  const search = readQuery(params, 'q');
  if (search.text) view.search = search;
  const include = readQuery(params, 'in');
  if (include.text) view.include = include;
  const exclude = readQuery(params, 'ex');
  if (exclude.text) view.exclude = exclude;
  const hide = (params.get('hide') ?? '')
    .split(',')
    .filter((level): level is LevelKey => (LEVEL_KEYS as string[]).includes(level));
  if (hide.length > 0) view.hiddenLevels = hide;
  const line = Number.parseInt(params.get('line') ?? '', 10);
  if (Number.isInteger(line) && line > 0) view.selection = { anchor: line - 1, focus: line - 1 };
  const time = params.get('lt');
  if (time === 'line' || time === 'read') view.timeSource = time;
  return { sources, active, view };
}

export function writeLogUrlState(
  params: URLSearchParams,
  sources: LogSource[],
  active: number,
  view: LogTabState | null,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (!['log', 'tab', 'q', 'qo', 'in', 'ino', 'ex', 'exo', 'hide', 'line', 'lt'].includes(key))
      next.append(key, value);
  }
  for (const source of sources) next.append('log', encodeSource(source));
  if (sources.length > 0 && active > 0) next.set('tab', String(active));
  if (view) {
    writeQuery(next, 'q', view.search ?? EMPTY_QUERY);
    writeQuery(next, 'in', view.include ?? EMPTY_QUERY);
    writeQuery(next, 'ex', view.exclude ?? EMPTY_QUERY);
    if (view.hiddenLevels.length > 0) next.set('hide', view.hiddenLevels.join(','));
    if (view.selection) next.set('line', String(view.selection.focus + 1));
    if (view.timeSource !== 'auto') next.set('lt', view.timeSource);
  }
  return next;
}
