import { create } from 'zustand';
import { LIMITS } from '../../config/limits';
import { parseJsonl } from '../../entities/session-events/model/jsonl';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import type { LogLine as RunLogLine } from '../../features/compare/model/difference-types';
import { bundleRuns } from '../bundle/open-bundle';
import { readBundleFile } from '../bundle/read-bundle-file';
import { runLogLines } from './run-logs';

/** A run read from a file (a debug bundle, or telemetry saved with Export), with no server. */
export interface FileRun {
  name: string;
  timeline: Timeline;
  logs: RunLogLine[];
}

/** The two files being compared (`#/compare?files=1`), held in this page only. */
export const useComparedFiles = create<{ a: FileRun | null; b: FileRun | null }>()(() => ({
  a: null,
  b: null,
}));

/** Files read for comparisons so far: their log tabs' ids stay apart. */
let readCount = 0;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/** Reads a bundle or an export into a run; a reason when it holds no telemetry. */
export async function readRunFile(file: File): Promise<FileRun | string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isZip(bytes)) {
    const read = await readBundleFile(new Blob([bytes]));
    if (!read.ok) return `${file.name} cannot be read: ${read.reason}.`;
    const { timeline, tabs } = bundleRuns(file.name, read.bundle, `compare-${++readCount}`);
    return { name: file.name, timeline, logs: runLogLines(tabs) };
  }
  const { envelopes, problems, annotations } = parseJsonl(new TextDecoder().decode(bytes));
  if (envelopes.length === 0)
    return `${file.name} holds no telemetry events${problems[0] ? ` (line ${problems[0].line}: ${problems[0].reason})` : ''}.`;
  const timeline = createFileTimeline({
    name: file.name,
    envelopes,
    problems,
    annotations,
    capacity: LIMITS.telemetryEventsMax,
  });
  return { name: file.name, timeline, logs: [] };
}
