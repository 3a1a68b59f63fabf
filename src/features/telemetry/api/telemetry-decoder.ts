import type { StreamDecoder } from '../../../lib/sse/decoded-stream';

/** One telemetry frame as received: its data (JSON text) and when it arrived. */
export interface TelemetryFrame {
  data: string;
  atUs: number;
}

interface PackedFrames {
  datas: string[];
  times: Float64Array;
}

/**
 * Telemetry stream frames, read in the stream worker and parsed on the page. Measured: handing
 * over the frame's JSON text and parsing it here costs a third of handing over the parsed event
 * (a structured clone of an object graph is slower to write and to read than JSON.parse), so the
 * worker's share is the reading and framing. The page parses each frame when it takes it into the
 * timeline (timeline-controller.ts), in slices of bounded time, not when the worker's message
 * arrives.
 */
export const telemetryDecoder: StreamDecoder<TelemetryFrame, PackedFrames, TelemetryFrame> = {
  name: 'telemetry',
  decode: (message, receivedMs) => ({ data: message.data, atUs: receivedMs * 1000 }),
  pack(frames) {
    const datas = new Array<string>(frames.length);
    const times = new Float64Array(frames.length);
    frames.forEach((frame, index) => {
      datas[index] = frame.data;
      times[index] = frame.atUs;
    });
    return { packed: { datas, times }, transfer: [times.buffer] };
  },
  unpack({ datas, times }) {
    return datas.map((data, index) => ({ data, atUs: times[index] as number }));
  },
};
