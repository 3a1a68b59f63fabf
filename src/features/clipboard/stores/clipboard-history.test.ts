import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../config/limits';
import { useClipboardHistory } from './clipboard-history';

const store = useClipboardHistory;

function entries(sessionId: string): string[] {
  return (store.getState().bySession[sessionId]?.entries ?? []).map((entry) => entry.text);
}

describe('clipboard history', () => {
  beforeEach(() => store.setState({ bySession: {} }));

  it('records sends newest first with their size, per session', () => {
    store.getState().record('a', 'first', 1);
    const second = store.getState().record('a', 'héllo', 2);
    store.getState().record('b', 'other', 3);
    expect(entries('a')).toEqual(['héllo', 'first']);
    expect(entries('b')).toEqual(['other']);
    expect(second).toMatchObject({ text: 'héllo', sentAt: 2, characters: 5, bytes: 6 });
    expect(store.getState().bySession.a?.lastSentId).toBe(second.id);
  });

  it(`keeps at most ${LIMITS.clipboardHistory} entries, dropping the oldest`, () => {
    for (let i = 1; i <= LIMITS.clipboardHistory + 3; i++) store.getState().record('a', `t${i}`, i);
    const texts = entries('a');
    expect(texts).toHaveLength(LIMITS.clipboardHistory);
    expect(texts[0]).toBe(`t${LIMITS.clipboardHistory + 3}`);
    expect(texts).not.toContain('t3');
    expect(texts).toContain('t4');
  });

  it('deletes one entry, forgetting it as the last send when it was', () => {
    const older = store.getState().record('a', 'older', 1);
    const newer = store.getState().record('a', 'newer', 2);
    store.getState().remove('a', older.id);
    expect(entries('a')).toEqual(['newer']);
    expect(store.getState().bySession.a?.lastSentId).toBe(newer.id);
    store.getState().remove('a', newer.id);
    expect(entries('a')).toEqual([]);
    expect(store.getState().bySession.a?.lastSentId).toBeNull();
  });

  it('clears one session only', () => {
    store.getState().record('a', 'x', 1);
    store.getState().record('b', 'y', 1);
    store.getState().clear('a');
    expect(entries('a')).toEqual([]);
    expect(entries('b')).toEqual(['y']);
  });
});
