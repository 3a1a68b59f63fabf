import { useEffect, useId, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { copyText } from '../../../lib/copy-text';
import { formatTimestamp } from '../../../lib/time-format';
import { categoryStyle } from '../../../entities/session-events/model/catalogue';
import {
  HEADER_FIELDS,
  isSecretHeader,
  withSecretsMasked,
} from '../../../entities/session-events/model/secret-headers';
import type { EventItem, TelemetryEvent } from '../../../entities/session-events/model/types';
import { CategoryIcon } from './category-icon';
import { SecretValue } from '../../../components/events/secret-value';

export interface EventFieldsProps {
  item: EventItem;
  /** ts (µs) of the first event: the origin of the relative time; null to leave it out. */
  originUs: number | null;
  /** The type's own view (stack trace, network exchange, image), shown under the header. */
  children?: ReactNode;
}

/** Classes that keep long unbroken text (URLs, base64, minified code) inside the pane. */
const WRAP = 'whitespace-pre-wrap wrap-anywhere';
const PRE = `max-h-96 overflow-auto rounded border border-border bg-panel-2 p-2 font-mono text-xs text-fg ${WRAP}`;
const HEADING = 'mb-1 text-xs font-semibold tracking-wide text-muted uppercase';

/**
 * The generic part of an event's detail: header, source, every data field, and the raw JSON.
 * Credentials in headers are masked (secret-headers.ts) until revealed, and masked again when
 * another event is shown.
 */
export function EventFields({ item, originUs, children }: EventFieldsProps): ReactElement {
  return (
    <div className="flex min-w-0 flex-col gap-3 text-sm text-fg">
      <EventHeader item={item} originUs={originUs} />
      <p className={cn('font-mono text-sm font-medium', WRAP, item.error && 'text-danger')}>
        <UntrustedText text={item.summary} />
      </p>
      {children}
      <section aria-label="Source">
        <h3 className={HEADING}>Source</h3>
        <SourceFields item={item} />
      </section>
      <section aria-label="Data">
        <h3 className={HEADING}>Data</h3>
        <DataFields key={item.index} item={item} />
      </section>
      <RawJson item={item} />
    </div>
  );
}

function isoTime(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function EventHeader({ item, originUs }: EventFieldsProps): ReactElement {
  const { event } = item;
  const style = categoryStyle(event.category);
  const ms = item.tsUs / 1000;
  const relative = originUs === null ? '' : formatTimestamp(ms, 'relative', originUs / 1000);
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span
        className="inline-flex items-center gap-1 font-semibold"
        style={{ color: `var(${style.colorVar})` }}
      >
        <CategoryIcon name={style.icon} />
        <UntrustedText text={style.label} />
      </span>
      <span className="font-mono font-semibold wrap-anywhere">
        <UntrustedText text={event.type} />
      </span>
      <span className="font-mono text-muted">seq {item.seq}</span>
      {item.epoch > 0 && (
        <span className="text-muted" title="Times the session's event process restarted before">
          epoch {item.epoch}
        </span>
      )}
      <time
        className="font-mono"
        dateTime={isoTime(ms)}
        title={`${item.tsUs} µs since the Unix epoch`}
      >
        {formatTimestamp(ms, 'local', 0)}
      </time>
      {relative && (
        <span
          className="font-mono text-muted"
          title="Time since the session was created (since the first event received where that is not known)"
        >
          {relative}
        </span>
      )}
      {event.truncated && <Badge tone="warn">too large, data dropped by the server</Badge>}
      {item.error && <Badge tone="danger">error</Badge>}
    </header>
  );
}

function FieldList({ entries }: { entries: [string, ReactNode][] }): ReactElement {
  return (
    <dl className="grid grid-cols-[minmax(5rem,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1">
      {entries.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-mono text-xs leading-5 text-muted wrap-anywhere">
            <UntrustedText text={name} />
          </dt>
          <dd className="min-w-0 font-mono text-xs leading-5">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SourceFields({ item }: { item: EventItem }): ReactElement {
  const { kind, event, metadata } = item.event.source;
  const entries: [string, ReactNode][] = [['kind', <FieldValue key="k" value={kind} />]];
  if (event !== undefined) entries.push(['event', <FieldValue key="e" value={event} />]);
  if (metadata) {
    const rows = Object.entries(metadata).map(([name, value]): [string, ReactNode] => [
      name,
      <FieldValue key={name} value={value} />,
    ]);
    entries.push(['metadata', rows.length > 0 ? <FieldList entries={rows} /> : '{}']);
  }
  return <FieldList entries={entries} />;
}

function DataFields({ item }: { item: EventItem }): ReactElement {
  const { data, truncated } = item.event;
  if (data === undefined) return <p className="text-muted">No data.</p>;
  if (data === null) {
    return (
      <p className={truncated ? 'text-warn' : 'text-muted'}>
        {truncated ? 'Dropped by the server: the event was over 1 MB.' : 'null'}
      </p>
    );
  }
  const entries = Object.entries(data);
  if (entries.length === 0) return <p className="text-muted">No data fields.</p>;
  const zeroBased = hasZeroBasedPositions(item);
  return (
    <FieldList
      entries={entries.map(([name, value]) => [
        name,
        zeroBased && (name === 'line' || name === 'column') && typeof value === 'number' ? (
          <span key={name}>
            {value + 1}
            <span className="text-muted"> (one-based; sent as {value})</span>
          </span>
        ) : HEADER_FIELDS.includes(name) && isRecord(value) ? (
          <HeaderFields key={name} headers={value} />
        ) : (
          <FieldValue key={name} value={value} />
        ),
      ])}
    />
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A headers object, one field per header; the values of credentials masked, each with Reveal. */
function HeaderFields({ headers }: { headers: Record<string, unknown> }): ReactElement {
  const rows = Object.entries(headers).map(([name, value]): [string, ReactNode] => {
    if (!isSecretHeader(name)) return [name, <FieldValue key={name} value={value} />];
    const values = Array.isArray(value) ? value : [value];
    return [
      name,
      <span key={name} className="flex flex-col items-start">
        {values.map((one, at) => (
          <SecretValue
            key={at}
            name={name}
            value={typeof one === 'string' ? one : prettyJson(one)}
          />
        ))}
      </span>,
    ];
  });
  return rows.length > 0 ? <FieldList entries={rows} /> : <span>{'{}'}</span>;
}

/**
 * Whether the event carries source positions as the browser sends them, counted from zero (an
 * exception's `line` and `column`, its stack's `lineNumber` and `columnNumber`). A person reads
 * them from one, as DevTools and the stack trace show them.
 */
function hasZeroBasedPositions(item: EventItem): boolean {
  const data = item.event.data;
  return (
    item.event.type === 'console_error' &&
    !!data &&
    (typeof data.line === 'number' || typeof data.column === 'number' || !!data.stack_trace)
  );
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return '(value cannot be shown as JSON)';
  }
}

/** One value as sent: text as text, scalars as literals, objects and arrays as pretty JSON. */
function FieldValue({ value }: { value: unknown }): ReactElement {
  if (typeof value === 'string') {
    if (value === '') return <span className="text-muted italic">(empty string)</span>;
    return (
      <span className={WRAP}>
        <UntrustedText text={value} />
      </span>
    );
  }
  if (typeof value === 'number' || typeof value === 'boolean') return <span>{String(value)}</span>;
  if (value === null) return <span className="text-muted">null</span>;
  if (value === undefined) return <span className="text-muted italic">(missing)</span>;
  // focusable: a long value scrolls inside its box, and the keyboard must reach it
  return (
    <pre tabIndex={0} className={PRE}>
      <UntrustedText text={prettyJson(value)} />
    </pre>
  );
}

interface CopyStatus {
  index: number;
  text: string;
  failed: boolean;
}

/** The event with the values of secret headers masked; the same event when it has none. */
function maskedEvent(event: TelemetryEvent): TelemetryEvent {
  const data = withSecretsMasked(event.data);
  return data === event.data ? event : { ...event, data };
}

function RawJson({ item }: { item: EventItem }): ReactElement {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<CopyStatus | null>(null);
  // the event whose secrets are shown: none once another event is selected
  const [revealedFor, setRevealedFor] = useState<number | null>(null);
  const revealId = useId();
  const masked = useMemo(() => maskedEvent(item.event), [item]);
  const reveal = revealedFor === item.index;
  const shownEvent = reveal ? item.event : masked;
  const json = useMemo(
    () => (open ? prettyJson({ seq: item.seq, event: shownEvent }) : ''),
    [open, item.seq, shownEvent],
  );

  useEffect(() => {
    if (!status || status.failed) return undefined;
    const timer = setTimeout(() => setStatus(null), 3000);
    return () => clearTimeout(timer);
  }, [status]);

  const onCopy = (): void => {
    const { index } = item;
    copyText(prettyJson({ seq: item.seq, event: shownEvent })).then(
      () => setStatus({ index, text: 'Copied', failed: false }),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        setStatus({ index, text: `Could not copy: ${reason}`, failed: true });
      },
    );
  };
  const shown = status?.index === item.index ? status : null;

  return (
    <div className="flex items-start gap-2">
      <details className="min-w-0 flex-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className={cn(HEADING, 'mb-0 cursor-pointer select-none')}>Raw JSON</summary>
        {open && hasZeroBasedPositions(item) && (
          <p className="mt-1 text-xs text-muted">
            Source positions here are as the browser sent them, counted from zero (`line`, `column`,
            `lineNumber`, `columnNumber`): line 0 is the first line. Everywhere else they are shown
            from one.
          </p>
        )}
        {open && (
          <pre tabIndex={0} className={cn('mt-1', PRE)}>
            <UntrustedText text={json} />
          </pre>
        )}
      </details>
      <span
        role="status"
        aria-live="polite"
        className={cn('text-xs leading-7', shown?.failed ? 'text-danger' : 'text-ok')}
      >
        {shown?.text ?? ''}
      </span>
      {masked !== item.event && (
        <label
          htmlFor={revealId}
          className="flex items-center gap-1 text-xs leading-7 whitespace-nowrap text-muted"
          title="Authorization, cookies, API keys and tokens in headers; masked otherwise"
        >
          <input
            id={revealId}
            type="checkbox"
            checked={reveal}
            onChange={(event) => setRevealedFor(event.target.checked ? item.index : null)}
          />
          with secrets
        </label>
      )}
      <Button size="sm" onClick={onCopy}>
        Copy JSON
      </Button>
    </div>
  );
}
