/**
 * CPU time of a process and of everything it started (its descendants), read from /proc: the
 * console server and the session browsers and encoders it runs. Linux only; elsewhere null.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds used so far: the process itself, and each descendant by pid. */
export interface CpuReading {
  at: number;
  own: number;
  descendants: Map<number, number>;
}

/** CPU over a stretch of time, as a share of one core (100 = one core busy throughout). */
export interface CpuShare {
  ownPct: number;
  descendantsPct: number;
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Parent pid and user + system CPU seconds of one process, or undefined when it is gone. */
function stat(pid: number): { ppid: number; seconds: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name in parentheses: state, ppid, … utime is field 14, stime 15
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), seconds: ticks / clockTicks() };
  } catch {
    return undefined;
  }
}

export function readCpu(pid: number): CpuReading | null {
  const own = stat(pid);
  if (!own) return null;
  const children = new Map<number, number[]>();
  const seconds = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const found = stat(Number(name));
    if (!found) continue;
    seconds.set(Number(name), found.seconds);
    children.set(found.ppid, [...(children.get(found.ppid) ?? []), Number(name)]);
  }
  const descendants = new Map<number, number>();
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    descendants.set(next, seconds.get(next) ?? 0);
    queue.push(...(children.get(next) ?? []));
  }
  return { at: performance.now(), own: own.seconds, descendants };
}

/**
 * The share of one core each side used between two readings. A descendant that started in
 * between counts from zero; one that ended in between is left out (its time is lost to /proc).
 */
export function cpuShare(before: CpuReading | null, after: CpuReading | null): CpuShare | null {
  if (!before || !after) return null;
  const wall = (after.at - before.at) / 1_000;
  let descendants = 0;
  for (const [pid, seconds] of after.descendants)
    descendants += seconds - (before.descendants.get(pid) ?? 0);
  return {
    ownPct: ((after.own - before.own) / wall) * 100,
    descendantsPct: (descendants / wall) * 100,
  };
}
