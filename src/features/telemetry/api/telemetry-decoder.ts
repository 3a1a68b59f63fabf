import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { decodeEnvelope, type DecodedEnvelope } from '../model/decode';

/** One telemetry frame, decoded (or why not, with its text), and when it arrived. */
export type TelemetryFrame =
  | (DecodedEnvelope & { ok: true; atUs: number })
  | { ok: false; reason: string; data: string; atUs: number };

/** Telemetry stream frames → envelopes, parsed and checked in the stream worker. */
export const telemetryDecoder: StreamDecoder<TelemetryFrame, TelemetryFrame[]> = {
  name: 'telemetry',
  decode(message, receivedMs) {
    const atUs = receivedMs * 1000;
    const decoded = decodeEnvelope(message.data);
    return decoded.ok
      ? { ...decoded, atUs }
      : { ok: false, reason: decoded.reason, data: message.data, atUs };
  },
  pack: (frames) => ({ packed: frames, transfer: [] }),
  unpack: (frames) => frames,
};
