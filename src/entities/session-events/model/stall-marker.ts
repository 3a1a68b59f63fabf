import { describeStall, type StallEnd } from '../../../lib/sse/stall-trace';
import type { MarkerItem } from './types';

type NewMarker = Omit<MarkerItem, 'index'>;

/**
 * The item a stall leaves in the timeline once a connection is live again, in place of the
 * sequencer's reconnect separator and saying the same after the silence: `No data for 25 s;
 * reconnected, resumed after seq 812`. Without a separator (the first connection, or the one
 * asked for after a restart, whose own marker says where it starts) it says only that it connected.
 */
export function stallReconnectedMarker(
  stall: StallEnd,
  reconnected: NewMarker | null,
  first: boolean,
  tsUs: number,
  epoch: number,
): NewMarker {
  const next = reconnected
    ? lowerFirst(reconnected.text)
    : first
      ? 'connected on a new attempt'
      : 'reconnected';
  return { kind: 'marker', marker: 'stalled', text: describeStall(stall, next), tsUs, epoch };
}

/** The text a stall leaves when no connection came after it: `No data for 40 s; reconnecting failed: …`. */
export function stallStoppedText(stall: StallEnd): string {
  const { next } = stall;
  if (next.kind === 'ended') return describeStall(stall, `the stream ended: ${next.reason}`);
  if (next.kind === 'failed') return describeStall(stall, `reconnecting failed: ${next.reason}`);
  return describeStall(stall, 'reconnected');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
