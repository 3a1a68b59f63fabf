import { useState } from 'react';
import { copyText } from '../../lib/copy-text';
import { Button } from './button';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the user's own clipboard and says whether it worked. */
export function CopyButton({
  text,
  label,
  title,
}: {
  text: string | null;
  label: string;
  title?: string;
}) {
  const [state, setState] = useState<CopyState>('idle');
  const onCopy = (): void => {
    if (text === null) return;
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" onClick={onCopy} disabled={text === null} title={title}>
        {label}
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
