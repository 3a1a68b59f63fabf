import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import type { RememberMode } from '../stores/credentials-store';

export interface TokenFieldsProps {
  token: string;
  remember: RememberMode;
  onTokenChange: (token: string) => void;
  onRememberChange: (remember: RememberMode) => void;
  autoFocus?: boolean;
}

const choices: { mode: RememberMode; label: string; hint: string }[] = [
  { mode: 'memory', label: 'Only while this page is open', hint: 'kept in memory, gone on reload' },
  {
    mode: 'tab',
    label: 'Remember in this tab',
    hint: 'sessionStorage, cleared when the tab closes',
  },
  { mode: 'device', label: 'Remember on this device', hint: 'localStorage, until you forget it' },
];

/** The API token input and the plain choice of where it is kept. */
export function TokenFields({
  token,
  remember,
  onTokenChange,
  onRememberChange,
  autoFocus,
}: TokenFieldsProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-token`} className="text-sm font-medium">
          API token
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-token`}
            type={visible ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={token}
            autoFocus={autoFocus}
            onChange={(event) => onTokenChange(event.target.value)}
            placeholder="sk_…"
            className="font-mono"
          />
          <button
            type="button"
            className="shrink-0 rounded-md border border-border px-2 text-xs text-muted hover:text-fg"
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Keep the token</legend>
        {choices.map((choice) => (
          <label key={choice.mode} className="flex cursor-pointer items-baseline gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-remember`}
              value={choice.mode}
              checked={remember === choice.mode}
              onChange={() => onRememberChange(choice.mode)}
              className="accent-(--accent)"
            />
            <span>{choice.label}</span>
            <span className="text-xs text-muted">{choice.hint}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
