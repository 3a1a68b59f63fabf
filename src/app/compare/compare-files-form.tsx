import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FilePicker } from '../../components/ui/file-picker';
import { readRunFile, useComparedFiles, type FileRun } from './run-files';

const ACCEPT = '.zip,.jsonl,.ndjson,.json,application/zip,application/x-ndjson,text/plain';

/** "Compare two files": two debug bundles or exported telemetry files, compared with no server. */
export function CompareFilesForm({ onCompare }: { onCompare: () => void }) {
  const [runs, setRuns] = useState<{ a: FileRun | null; b: FileRun | null }>({ a: null, b: null });
  const pick = (side: 'a' | 'b') => async (file: File) => {
    const run = await readRunFile(file);
    if (typeof run === 'string') return run;
    setRuns((now) => ({ ...now, [side]: run }));
    return null;
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <FilePicker label="Run that passed (A)…" accept={ACCEPT} onFile={pick('a')} />
      <FilePicker label="Run that failed (B)…" accept={ACCEPT} onFile={pick('b')} />
      <Button
        size="sm"
        disabled={!runs.a || !runs.b}
        onClick={() => {
          useComparedFiles.setState(runs, true);
          onCompare();
        }}
      >
        Compare the two files
      </Button>
      <p role="status" className="w-full text-xs text-muted">
        {runs.a ? `A: ${runs.a.name}` : 'A: none yet'} ·{' '}
        {runs.b ? `B: ${runs.b.name}` : 'B: none yet'}
      </p>
    </div>
  );
}
