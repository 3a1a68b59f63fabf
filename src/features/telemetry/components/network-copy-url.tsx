import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies the request URL to the user's own clipboard and says whether it worked. */
export function NetworkCopyUrl({ url }: { url: string | null }) {
  const [state, setState] = useState<CopyState>('idle');
  const onCopy = (): void => {
    if (url === null) return;
    copyText(url).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" onClick={onCopy} disabled={url === null}>
        Copy URL
      </Button>
      <span
        role="status"
        className={state === 'failed' ? 'text-xs text-danger' : 'text-xs text-muted'}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </span>
  );
}
