/**
 * A comparison of two runs as a short Markdown report for a bug ticket: the runs (with the links
 * the caller gives, stripped of anything that looks like a credential), where B diverged, and the
 * errors, requests, pages and log patterns that differ. It shows patterns and normalised messages
 * only, never a request's query values or headers.
 */
import type { Comparison } from './compare';
import { divergenceText, stepLabel } from './compare';
import { plural, type Difference } from './difference-types';

export interface ReportNames {
  nameA: string;
  nameB: string;
  /** Where each run can be opened (a dashboard link); shown as given, minus credentials. */
  linkA?: string;
  linkB?: string;
}

/** Rows listed per table at most; the rest are counted. */
const ROWS_MAX = 15;

/** Query and hash parameters that may carry a credential: left out of any link. */
const SECRET_NAME = /token|secret|passw|auth|api[-_]?key|^key$|sig|credential|session[-_]?key/i;

/** A link fit for a ticket: http(s) only, no user name or password, no credential-like parameter. */
export function safeLink(link: string | undefined): string | null {
  if (typeof link !== 'string' || !URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()])
    if (SECRET_NAME.test(name)) url.searchParams.delete(name);
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) {
    const params = new URLSearchParams(url.hash.slice(hashQuery + 1));
    for (const name of [...params.keys()]) if (SECRET_NAME.test(name)) params.delete(name);
    const rest = params.toString();
    url.hash = `${url.hash.slice(1, hashQuery)}${rest ? `?${rest}` : ''}`;
  }
  return url.toString();
}

/** Text with Markdown's markup characters escaped, on one line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/([\\`*_{}[\]()<>#+!|~])/g, '\\$1')
    .trim();
}

/** Text as inline code (fenced with more backticks than it holds), safe in a table cell. */
function code(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean === '') return '—';
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padded = clean.startsWith('`') || clean.endsWith('`') ? ` ${clean} ` : clean;
  return `${fence}${padded}${fence}`.replace(/\|/g, '\\|');
}

function cell(text: string): string {
  return escapeMarkdown(text) || '—';
}

function runLine(
  label: 'A' | 'B',
  name: string,
  link: string | null,
  steps: number,
  events: number,
) {
  const title = link ? `[${cell(name)}](<${link}>)` : cell(name);
  return `| ${label} | ${title} | ${steps.toLocaleString('en-US')} | ${events.toLocaleString('en-US')} |`;
}

function table<T extends Difference>(
  title: string,
  header: [string, string, string],
  rows: readonly T[],
  row: (each: T) => [string, string, string],
): string[] {
  if (rows.length === 0) return [];
  const lines = [`#### ${title}`, '', `| ${header.join(' | ')} |`, '| --- | --- | --- |'];
  for (const each of rows.slice(0, ROWS_MAX)) lines.push(`| ${row(each).join(' | ')} |`);
  if (rows.length > ROWS_MAX) lines.push('', `…and ${plural(rows.length - ROWS_MAX, 'more')}.`);
  lines.push('');
  return lines;
}

function of<K extends Difference['kind']>(list: readonly Difference[], kind: K) {
  return list.filter((each): each is Extract<Difference, { kind: K }> => each.kind === kind);
}

/** The comparison as Markdown for a bug ticket. */
export function comparisonMarkdown(comparison: Comparison, names: ReportNames): string {
  const { alignment, differences } = comparison;
  const list = differences.list;
  const lines: string[] = [
    `### Run comparison: ${cell(names.nameA)} (A, passing) and ${cell(names.nameB)} (B, failing)`,
    '',
    '| Run | Name | Steps | Events |',
    '| --- | --- | --- | --- |',
    runLine('A', names.nameA, safeLink(names.linkA), alignment.stepsA, comparison.eventsA),
    runLine('B', names.nameB, safeLink(names.linkB), alignment.stepsB, comparison.eventsB),
    '',
  ];
  if (alignment.divergence !== null) {
    const at = alignment.rows[alignment.divergence];
    lines.push(
      `**Divergence:** step ${alignment.divergence + 1}` +
        (alignment.divergence > 0
          ? `, after ${plural(alignment.divergence, 'step')} in common`
          : '') +
        ` — A: ${code(stepLabel(at?.a ?? null))}, B: ${code(stepLabel(at?.b ?? null))}`,
      '',
    );
  } else {
    lines.push(`**Divergence:** none. ${cell(divergenceText(alignment))}.`, '');
  }
  lines.push(
    ...table('Console errors', ['Error', 'A', 'B'], of(list, 'error'), (each) => [
      code(each.message || '(no message)') +
        (each.file ? ` in ${code(`${each.functionName} ${each.file}`)}` : ''),
      String(each.countA),
      String(each.countB),
    ]),
    ...table('Requests', ['Request', 'A', 'B'], of(list, 'request'), (each) => {
      const side = (outcomes: string[], medianMs: number | null): string =>
        outcomes.length === 0
          ? 'not made'
          : cell(outcomes.slice(0, 4).join(', ')) +
            (each.change === 'slower' && medianMs !== null
              ? ` (median ${Math.round(medianMs)} ms)`
              : '');
      return [
        code(`${each.method} ${each.pattern}`),
        side(each.outcomesA, each.medianMsA),
        side(each.outcomesB, each.medianMsB),
      ];
    }),
    ...table(
      'Pages only one run visited',
      ['Page', 'A', 'B'],
      of(list, 'page').filter((each) => each.change === 'only'),
      (each) => [
        code(each.pattern),
        each.countA === 0 ? 'not visited' : plural(each.countA, 'visit'),
        each.countB === 0 ? 'not visited' : plural(each.countB, 'visit'),
      ],
    ),
    ...table('Log errors', ['Pattern', 'A', 'B'], of(list, 'log'), (each) => [
      code(each.example),
      String(each.countA),
      String(each.countB),
    ]),
  );
  const slowerPages = of(list, 'page').filter((each) => each.change === 'worse');
  if (slowerPages.length > 0) {
    lines.push('#### Slower pages', '');
    for (const each of slowerPages.slice(0, ROWS_MAX)) lines.push(`- ${cell(each.text)}`);
    lines.push('');
  }
  if (list.length === 0) lines.push('No errors, requests, pages or log lines differ.', '');
  if (alignment.notes.length > 0) {
    lines.push('#### Notes', '');
    for (const note of alignment.notes) lines.push(`- ${cell(note)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
