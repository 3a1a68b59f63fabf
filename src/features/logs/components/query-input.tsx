import { useId, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import type { TextQuery } from '../model/filter';

export interface QueryInputProps {
  label: string;
  placeholder: string;
  /** More about the field than its placeholder can say (keys, syntax), on hover. */
  title?: string;
  query: TextQuery;
  error: string | null;
  onChange: (query: TextQuery) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
  inputId?: string;
}

function Toggle({
  pressed,
  label,
  text,
  onToggle,
}: {
  pressed: boolean;
  label: string;
  text: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={cn(
        'h-6 min-w-6 rounded px-1 font-mono text-[11px] text-muted hover:text-fg',
        pressed && 'bg-accent/20 text-accent ring-1 ring-accent/50',
      )}
    >
      {text}
    </button>
  );
}

/** A text query with regex and case toggles; an invalid regex is shown gently under it. */
export function QueryInput({
  label,
  placeholder,
  query,
  error,
  onChange,
  onKeyDown,
  className,
  inputId,
  title,
}: QueryInputProps) {
  const generated = useId();
  const id = inputId ?? generated;
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <div
        className={cn(
          'flex h-8 min-w-0 items-center gap-0.5 rounded-md border border-border bg-panel pr-1 focus-within:border-accent',
          error && 'border-danger',
        )}
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          type="search"
          spellCheck={false}
          autoComplete="off"
          value={query.text}
          placeholder={placeholder}
          title={title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...query, text: event.target.value })}
          onKeyDown={onKeyDown}
          className="h-full min-w-0 flex-1 rounded-md bg-transparent px-2 font-mono text-xs placeholder:text-muted/70 focus-visible:outline-offset-[-2px]"
        />
        <Toggle
          pressed={query.caseSensitive}
          label={`${label}: match case`}
          text="Aa"
          onToggle={() => onChange({ ...query, caseSensitive: !query.caseSensitive })}
        />
        <Toggle
          pressed={query.regex}
          label={`${label}: regular expression`}
          text=".*"
          onToggle={() => onChange({ ...query, regex: !query.regex })}
        />
      </div>
      {error && (
        <span
          id={`${id}-error`}
          role="status"
          className="pt-0.5 text-[11px] break-words text-danger"
        >
          {error}
        </span>
      )}
    </div>
  );
}
