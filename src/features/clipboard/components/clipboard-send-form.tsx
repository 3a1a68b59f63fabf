import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { formatTextSize, measureText } from '../model/clipboard-text';

export interface ClipboardSendFormProps {
  /** A send is in flight: the button shows it and further sends are refused. */
  pending: boolean;
  onSend: (text: string) => void;
}

/** The text box, its size, and the Send button (Ctrl+Enter / Cmd+Enter also send). */
export function ClipboardSendForm({ pending, onSend }: ClipboardSendFormProps) {
  const id = useId();
  // The text stays after a successful send: sending the same text again (after something in the
  // session overwrote its clipboard) is common, and "Clear text" empties the box in one step. On
  // failure it stays too, so nothing typed is ever lost.
  const [text, setText] = useState('');
  // Empty text is a real send (it clears the session's clipboard), asked for again before it goes.
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const size = measureText(text);
  const canSend = !pending;

  const send = (): void => {
    if (!canSend) return;
    if (text === '' && !confirmEmpty) {
      setConfirmEmpty(true);
      return;
    }
    setConfirmEmpty(false);
    onSend(text);
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Send to the session’s clipboard"
      className="flex min-w-0 flex-col gap-1.5"
    >
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        Text to send
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setConfirmEmpty(false);
        }}
        onKeyDown={keyDown}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`${id}-size ${id}-hint`}
        className="min-h-20 w-full min-w-0 resize-y rounded-md border border-border bg-panel px-3 py-2 font-mono text-sm wrap-anywhere text-fg placeholder:text-muted/70 focus:border-accent"
        placeholder="Text for the session’s clipboard"
      />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted">
        <span id={`${id}-size`}>{formatTextSize(size)}</span>
        <span id={`${id}-hint`}>Ctrl+Enter or ⌘+Enter sends</span>
      </div>
      {confirmEmpty && (
        <p role="alert" className="text-xs text-warn">
          The text is empty: sending it clears the session’s clipboard. Send again to clear it.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={!canSend}>
          {pending ? 'Sending…' : confirmEmpty ? 'Send empty text' : 'Send'}
        </Button>
        {confirmEmpty && (
          <Button variant="ghost" onClick={() => setConfirmEmpty(false)}>
            Cancel
          </Button>
        )}
        {text !== '' && (
          <Button variant="ghost" onClick={() => setText('')}>
            Clear text
          </Button>
        )}
      </div>
    </form>
  );
}
