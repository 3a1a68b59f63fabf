/** Events shaped as the contract describes them, for the catalogue's tests. */
import type { TelemetryEvent } from '../../../types/api';
import { describeEvent } from '../model/catalogue';

export const CTX = {
  session_id: 'E4F1C0DE',
  target_id: '9A1B7C',
  target_type: 'page',
  frame_id: '9A1B7C',
  loader_id: 'L1',
  url: 'https://shop.example.com/cart',
  nav_seq: 2,
};

export function event(
  type: string,
  category: string,
  data?: TelemetryEvent['data'],
): TelemetryEvent {
  const built: TelemetryEvent = {
    ts: 1_760_000_000_123_456,
    type,
    category,
    source: { kind: 'cdp', event: 'Some.event' },
  };
  if (data !== undefined) built.data = data;
  return built;
}

export function summary(type: string, category: string, data?: TelemetryEvent['data']): string {
  return describeEvent(event(type, category, data)).summary;
}

export const STACK = {
  callFrames: [
    {
      functionName: 'handleClick',
      scriptId: '42',
      url: 'https://shop.example.com/app.js',
      lineNumber: 9,
      columnNumber: 4,
    },
  ],
  parent: {
    description: 'Promise.then',
    callFrames: [
      {
        functionName: 'loadCart',
        scriptId: '43',
        url: 'https://cdn.example.net/vendor.js',
        lineNumber: 0,
        columnNumber: 1,
      },
    ],
  },
};
