import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCredentials } from '../stores/credentials-store';
import { TokenPrompt } from './token-prompt';

const rememberLabel = {
  memory: 'in memory only',
  tab: 'remembered in this tab',
  device: 'remembered on this device',
} as const;

/** Where the token is kept, plainly, with "change" and "forget" always at hand. */
export function TokenMenu() {
  const remember = useCredentials((state) => state.remember);
  const hasToken = useCredentials((state) => state.token.length > 0);
  const forget = useCredentials((state) => state.forget);
  const tokenVersion = useCredentials((state) => state.tokenVersion);
  const [changingAt, setChangingAt] = useState<number | null>(null);
  const changing = changingAt === tokenVersion;
  return (
    <div className="relative flex items-center gap-1">
      <span className="hidden text-xs text-muted md:inline" data-testid="token-storage">
        Token {hasToken ? rememberLabel[remember] : 'not set'}
      </span>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setChangingAt(changing ? null : tokenVersion)}
        aria-expanded={changing}
      >
        Change token
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={forget}
        disabled={!hasToken}
        title="Forget the token everywhere it is kept"
      >
        Forget
      </Button>
      {changing && (
        <div className="absolute top-full right-0 z-30 mt-2 w-[min(28rem,calc(100vw-2rem))] shadow-xl">
          <TokenPrompt title="Use another token" onCancel={() => setChangingAt(null)} />
        </div>
      )}
    </div>
  );
}
