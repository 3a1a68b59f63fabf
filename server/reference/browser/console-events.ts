/** Maps CDP Runtime console and exception events to telemetry `data`, as the contract shapes it. */

/** The subset of a CDP `Runtime.RemoteObject` that is read here. */
export interface RemoteObject {
  type?: string;
  subtype?: string;
  className?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: ObjectPreview;
}

interface ObjectPreview {
  type?: string;
  subtype?: string;
  description?: string;
  overflow?: boolean;
  properties?: { name: string; type?: string; subtype?: string; value?: string }[];
}

export interface StackTrace {
  callFrames: {
    functionName: string;
    scriptId: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  }[];
  description?: string;
  parent?: StackTrace;
}

/** Longest argument string kept; the envelope as a whole is bounded at 1 MB anyway. */
const MAX_ARG_CHARS = 64 * 1024;

function clip(text: string): string {
  return text.length > MAX_ARG_CHARS ? `${text.slice(0, MAX_ARG_CHARS)}…` : text;
}

function previewValue(property: NonNullable<ObjectPreview['properties']>[number]): string {
  if (property.type === 'string') return JSON.stringify(property.value ?? '');
  if (property.type === 'function') return 'ƒ';
  if (property.type === 'object' && property.subtype !== 'null') return property.value || 'Object';
  return property.value ?? property.type ?? '';
}

function renderPreview(preview: ObjectPreview, fallback: string): string {
  const properties = preview.properties ?? [];
  const more = preview.overflow ? ', …' : '';
  if (preview.subtype === 'array' || preview.subtype === 'typedarray') {
    const items = properties.filter((p) => /^\d+$/.test(p.name)).map(previewValue);
    return `${preview.description ?? fallback} [${items.join(', ')}${more}]`;
  }
  if (preview.subtype === 'map' || preview.subtype === 'set')
    return preview.description ?? fallback;
  const entries = properties.map((p) => `${p.name}: ${previewValue(p)}`);
  const prefix =
    preview.description && preview.description !== 'Object' ? `${preview.description} ` : '';
  return `${prefix}{${entries.join(', ')}${more}}`;
}

/** One console argument as DevTools would print it in a single line. */
export function remoteObjectToString(object: RemoteObject): string {
  switch (object.type) {
    case 'string':
      return clip(typeof object.value === 'string' ? object.value : '');
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'boolean':
    case 'bigint':
      return object.unserializableValue ?? object.description ?? String(object.value);
    case 'symbol':
    case 'function':
      return clip(object.description ?? object.type);
    case 'object':
      if (object.subtype === 'null') return 'null';
      if (object.subtype === 'error') return clip(object.description ?? 'Error');
      if (object.preview)
        return clip(renderPreview(object.preview, object.description ?? 'Object'));
      return clip(object.description ?? object.className ?? 'Object');
    default:
      return clip(object.description ?? String(object.value ?? ''));
  }
}

export interface ConsoleApiCalled {
  type: string;
  args?: RemoteObject[];
  stackTrace?: StackTrace;
  executionContextId?: number;
}

/** `Runtime.consoleAPICalled` → `console_error` for `error` (and `assert`), else `console_log`. */
export function consoleApiEvent(params: ConsoleApiCalled): {
  type: 'console_log' | 'console_error';
  data: Record<string, unknown>;
} {
  const args = (params.args ?? []).map(remoteObjectToString);
  const isError = params.type === 'error' || params.type === 'assert';
  const data: Record<string, unknown> = {
    level: params.type,
    text: args[0] ?? '',
    args,
  };
  if (params.stackTrace) data.stack_trace = params.stackTrace;
  return { type: isError ? 'console_error' : 'console_log', data };
}

export interface ExceptionDetails {
  text: string;
  lineNumber: number;
  columnNumber: number;
  url?: string;
  scriptId?: string;
  stackTrace?: StackTrace;
  exception?: RemoteObject;
}

/** The first line of what was thrown: `TypeError: x is not a function`, or the thrown value. */
function thrownSummary(exception: RemoteObject | undefined): string {
  if (!exception) return '';
  if (exception.type === 'object' && exception.subtype === 'error') {
    return (exception.description ?? exception.className ?? 'Error').split('\n')[0] ?? '';
  }
  return remoteObjectToString(exception).split('\n')[0] ?? '';
}

/** `Runtime.exceptionThrown` → `console_error` with `text`, `line`, `column`, `source_url`. */
export function exceptionEvent(details: ExceptionDetails): Record<string, unknown> {
  const thrown = thrownSummary(details.exception);
  const top = details.stackTrace?.callFrames[0];
  const data: Record<string, unknown> = {
    text: thrown ? `${details.text} ${thrown}` : details.text,
    line: details.lineNumber,
    column: details.columnNumber,
    source_url: details.url || top?.url || '',
  };
  if (details.stackTrace) data.stack_trace = details.stackTrace;
  return data;
}
