import { describe, expect, it } from 'vitest';
import { planFrom } from './plan.ts';

describe('what a run measures', () => {
  it('runs every part but the soak by default, and only what --only names', () => {
    const full = planFrom([]);
    expect(full.parts.has('scale')).toBe(true);
    expect(full.parts.has('soak')).toBe(false);
    expect([...planFrom(['--quick', '--only', 'bare,firehose']).parts]).toEqual([
      'bare',
      'firehose',
    ]);
    expect(() => planFrom(['--only', 'bare,nope'])).toThrow(/got nope/);
  });

  it('runs the soak alone with --soak, 30 minutes unless told, or beside the parts --only names', () => {
    expect(planFrom(['--soak'])).toMatchObject({ parts: new Set(['soak']), soakMinutes: 30 });
    expect(planFrom(['--soak', '--soak-minutes', '3']).soakMinutes).toBe(3);
    expect([...planFrom(['--soak', '--only', 'start']).parts]).toEqual(['start', 'soak']);
    expect(() => planFrom(['--soak', '--soak-minutes', '0'])).toThrow(/whole number/);
    expect(() => planFrom(['--soak-minutes'])).toThrow(/takes a value/);
  });

  it('runs three alternated firehose rounds in a full run, one in a quick run, or --rounds', () => {
    expect(planFrom([]).firehoseRounds).toBe(3);
    expect(planFrom(['--quick']).firehoseRounds).toBe(1);
    expect(planFrom(['--quick', '--rounds', '2']).firehoseRounds).toBe(2);
    expect(() => planFrom(['--rounds', '0'])).toThrow(/whole number of rounds/);
    expect(() => planFrom(['--rounds', 'x'])).toThrow(/got x/);
  });
});
