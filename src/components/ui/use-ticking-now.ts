import { useEffect, useState } from 'react';
import { LIMITS } from '../../config/limits';

/**
 * The current time (epoch ms) for a countdown on screen: read again right away and then every
 * `LIMITS.countdownTickMs` while `running`, and started over whenever `restartKey` changes (a new
 * retry time, a new status). While not running it keeps the last time it read.
 */
export function useTickingNow(running: boolean, restartKey: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const tick = (): void => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, LIMITS.countdownTickMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, restartKey]);
  return now;
}
