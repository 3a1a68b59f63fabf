import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { clientConfigQuery } from '../api/client-config';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { revealControls } from '../../../lib/control-chars';
import { useCredentials, type RememberMode } from '../stores/credentials-store';
import { TokenFields } from './token-fields';

export interface TokenPromptProps {
  title: string;
  children?: ReactNode;
  submitLabel?: string;
  onCancel?: () => void;
}

/** Asks for the token without leaving the page; everything on screen stays where it is. */
export function TokenPrompt({
  title,
  children,
  submitLabel = 'Use this token',
  onCancel,
}: TokenPromptProps) {
  const current = useCredentials();
  // on the embedded reference server the local demo token opens every local session, as the
  // connect screen offers it
  const demo = useQuery(clientConfigQuery).data?.demo ?? null;
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState<RememberMode>(current.remember);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (token.trim()) current.setToken(token.trim(), remember);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={revealControls(title)}
      className="flex flex-col gap-4 rounded-lg border border-border bg-panel p-5"
    >
      <h2 className="text-base font-semibold wrap-anywhere">
        <UntrustedText text={title} />
      </h2>
      {children}
      <TokenFields
        token={token}
        remember={remember}
        onTokenChange={setToken}
        onRememberChange={setRemember}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!token.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} variant="ghost">
            Cancel
          </Button>
        )}
      </div>
      {demo && (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3 text-sm">
          <span className="text-muted">This dashboard runs its own reference server:</span>
          <Button size="sm" onClick={() => current.setToken(demo.token, 'memory')}>
            Use the local demo token
          </Button>
        </div>
      )}
    </form>
  );
}
