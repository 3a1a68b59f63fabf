import { describe, expect, it } from 'vitest';
import { renderText, type Render } from '../../server/reference/test-rigs/firehose-kit.ts';
import { logChunk } from '../../server/reference/test-rigs/firehose-logs.ts';
import { telemetryChunks } from '../../server/reference/test-rigs/firehose-telemetry.ts';
import { logLineBytes, telemetryEventBytes } from './firehose-bytes.ts';

/** The frames' `data:` payloads, parsed from the whole rendered stream at once. */
function payloads(render: Render, count: number): unknown[] {
  let text = '';
  for (let index = 0; index < count;) {
    const chunk = renderText(render, index, count);
    text += chunk.text;
    index = chunk.next;
  }
  return Buffer.from(text, 'latin1')
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as unknown);
}

describe("the firehose's data bytes", () => {
  it('counts the UTF-8 bytes of each log line, as the log stream sends its message', () => {
    const lines = payloads(logChunk, 3_000).map((frame) => (frame as { message: string }).message);
    expect(lines).toHaveLength(3_000);
    const expected = lines.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8'), 0);
    expect(logLineBytes(0, 3_000)).toBe(expected);
    // some lines are not ASCII: their bytes are more than their characters
    expect(expected).toBeGreaterThan(lines.reduce((sum, line) => sum + line.length, 0));
    // the last lines of a longer firehose are the ones a tab keeps
    expect(logLineBytes(1_000, 3_000)).toBe(expected - logLineBytes(0, 1_000));
  });

  it('counts the JSON bytes of each telemetry event object as it is on the wire', () => {
    const events = payloads(telemetryChunks(0), 2_000).map(
      (frame) => (frame as { event: unknown }).event,
    );
    expect(events).toHaveLength(2_000);
    const expected = events.reduce<number>(
      (sum, event) => sum + Buffer.byteLength(JSON.stringify(event), 'utf8'),
      0,
    );
    expect(telemetryEventBytes(0, 2_000)).toBe(expected);
    expect(telemetryEventBytes(500, 2_000)).toBe(expected - telemetryEventBytes(0, 500));
  });
});
