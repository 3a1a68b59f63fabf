import { describe, expect, it } from 'vitest';
import { createRandom, logLine, telemetryEvent } from './lines.ts';

describe('what the writer writes', () => {
  it('log lines are 80–200 bytes, mixed levels, stamped first, every 10th coloured', () => {
    const random = createRandom(1);
    const levels = new Set<string>();
    let coloured = 0;
    for (let n = 0; n < 2_000; n += 1) {
      const line = logLine(n, 1_764_000_000_000.125, random);
      const bytes = Buffer.byteLength(line);
      expect(bytes).toBeGreaterThanOrEqual(80);
      expect(bytes).toBeLessThanOrEqual(200);
      expect(line.startsWith('t=1764000000000.125 ')).toBe(true);
      expect(line.endsWith(` #${n}`)).toBe(true);
      levels.add(line.split(/\s+/)[1] ?? '');
      if (line.includes('\x1b[')) coloured += 1;
    }
    expect([...levels].sort()).toEqual(['DEBUG', 'ERROR', 'INFO', 'TRACE', 'WARN']);
    expect(coloured).toBe(200);
  });

  it('telemetry events carry the stamp where the timeline shows it', () => {
    const random = createRandom(2);
    const types = new Set<string>();
    for (let n = 0; n < 500; n += 1) {
      const event = telemetryEvent(n, 1_764_000_000_000.5, random) as {
        ts: number;
        type: string;
        data: { text?: string; url?: string; stack_trace?: { callFrames: unknown[] } };
      };
      types.add(event.type);
      expect(event.ts).toBe(1_764_000_000_000_500);
      expect(event.data.text ?? event.data.url).toContain('t=1764000000000.500');
      if (event.type === 'console_error')
        expect(event.data.stack_trace?.callFrames).toHaveLength(3);
    }
    expect([...types].sort()).toEqual([
      'console_error',
      'console_log',
      'network_request',
      'network_response',
      'page_navigation',
    ]);
  });
});
