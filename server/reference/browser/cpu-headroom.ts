// Whether the machine has CPU to spare, for the screenshots a recording takes: each costs the
// session browser a capture of the whole tab (about 20 ms of a core for 1280×720, whatever the
// format or quality), so ten a second of a page that keeps painting take a fifth of a core. On a
// machine with a core to spare that costs nobody anything; on one whose cores are all busy (a
// telemetry firehose on two cores) it is taken from the streams, so the screenshots give way:
// their pace slows while almost no CPU is idle and comes back once some is. The recording keeps
// its length and every frame its time; a frame is then shown for longer, as an encoder that falls
// behind repeats it. The encoder itself runs niced (frame-encoder.ts).
import os from 'node:os';

/** CPU time of all cores so far, ms: idle, and in all. */
export interface CpuTimes {
  idle: number;
  total: number;
}

/** The kernel's counters for every core (os.cpus(): /proc/stat on Linux, host counters elsewhere). */
export function machineCpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle: free, irq } = cpu.times;
    idle += free;
    total += user + nice + sys + free + irq;
  }
  return { idle, total };
}

/** How often the idle share is read: often enough to follow a burst, seldom enough to be cheap. */
export const HEADROOM_READ_MS = 500;
/** Idle below this share of all cores: the machine is saturated and the pace slows. */
const SATURATED_IDLE = 0.1;
/** Idle above this share: the pace comes back towards the subscribers' own. */
const SPARE_IDLE = 0.25;
/** The pace slows to at most this many times the subscribers' interval. */
export const MAX_SLOWDOWN = 4;

/** The pace of screenshots that gives way while the machine has no CPU to spare. */
export class YieldingPace {
  private slowdown = 1;
  private last: { at: number; times: CpuTimes } | undefined;

  constructor(
    private readonly read: () => CpuTimes = machineCpuTimes,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How many times slower than asked the screenshots go now. */
  get factor(): number {
    return this.slowdown;
  }

  /** The time to the next screenshot, for subscribers who ask for one every `intervalMs`. */
  intervalMs(intervalMs: number): number {
    const at = this.now();
    if (!this.last) this.last = { at, times: this.read() };
    else if (at - this.last.at >= HEADROOM_READ_MS) {
      const times = this.read();
      const total = times.total - this.last.times.total;
      if (total > 0) {
        const idle = (times.idle - this.last.times.idle) / total;
        if (idle < SATURATED_IDLE) this.slowdown = Math.min(MAX_SLOWDOWN, this.slowdown * 2);
        else if (idle > SPARE_IDLE) this.slowdown = Math.max(1, this.slowdown / 2);
      }
      this.last = { at, times };
    }
    return intervalMs * this.slowdown;
  }
}
