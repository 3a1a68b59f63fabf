import { useState } from 'react';
import { UntrustedText } from '../ui/untrusted-text';
import { cn } from '../../lib/cn';
import { maskForScreen } from '../../entities/session-events/model/secret-headers';

interface SecretValueProps {
  /** The header it is the value of: names the Reveal button ("Reveal Authorization"). */
  name: string;
  value: string;
}

/**
 * A credential (a secret header's value, see secret-headers.ts) shown masked, with a Reveal
 * toggle for this one value. Whoever renders it gives it a `key` of what is selected, so a
 * revealed value is masked again when another request or event is chosen.
 */
export function SecretValue({ name, value }: SecretValueProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className="inline-flex max-w-full flex-wrap items-baseline gap-x-2">
      <span className={cn('min-w-0 break-all whitespace-pre-wrap', !revealed && 'text-muted')}>
        <UntrustedText text={revealed ? value : maskForScreen(value)} />
      </span>
      {/* one name whatever the state (aria-pressed says which), so the visible word stays in it */}
      <button
        type="button"
        aria-pressed={revealed}
        aria-label={`Reveal ${name}`}
        title={revealed ? `Mask ${name} again` : `Show ${name} as sent`}
        onClick={() => setRevealed((shown) => !shown)}
        className={cn(
          'rounded border px-1 font-sans text-[11px] leading-4 text-muted hover:text-fg',
          revealed ? 'border-accent/60 bg-panel-2 text-fg' : 'border-border',
        )}
      >
        Reveal
      </button>
    </span>
  );
}
