import { useId, useState, type ChangeEvent } from 'react';

export interface FilePickerProps {
  label: string;
  accept: string;
  /** Reads the chosen file: resolves to what to tell the person (why it could not), or null. */
  onFile: (file: File) => Promise<string | null>;
}

/** A button that picks one file from disk, with a line that says how reading it went. */
export function FilePicker({ label, accept, onFile }: FilePickerProps) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(`Reading ${file.name}…`);
    try {
      setMessage(await onFile(file));
    } catch (error) {
      setMessage(
        `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex h-9 w-fit cursor-pointer items-center rounded-md border border-border bg-panel-2 px-3 text-sm font-medium hover:border-muted focus-within:outline-2"
      >
        {label}
        <input
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          onChange={(event) => void onChange(event)}
        />
      </label>
      <p role="status" className="text-xs text-muted">
        {message}
      </p>
    </div>
  );
}
