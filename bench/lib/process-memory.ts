/**
 * Resident memory of a process and of everything it started (its descendants), read from /proc:
 * the console server, and the session browsers it runs. Linux only; elsewhere null.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface MemoryReading {
  /** The process's own resident set, bytes. */
  own: number;
  /**
   * The resident sets of its descendants, summed, bytes. Pages they share (a browser's processes
   * share much) count once per process, so this is an upper bound of what they hold.
   */
  descendants: number;
  descendantCount: number;
}

/** VmRSS of a process in bytes, or undefined when it is gone (or has no memory, a zombie). */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name in parentheses: state, then the parent's pid
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

export function readMemory(pid: number): MemoryReading | null {
  const own = residentBytes(pid);
  if (own === undefined) return null;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  let descendants = 0;
  let descendantCount = 0;
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    descendants += residentBytes(next) ?? 0;
    descendantCount += 1;
    queue.push(...(children.get(next) ?? []));
  }
  return { own, descendants, descendantCount };
}
