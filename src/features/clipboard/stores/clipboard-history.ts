import { create } from 'zustand';
import { LIMITS } from '../../../config/limits';
import { measureText } from '../model/clipboard-text';

/** One successful send from this page. */
export interface ClipboardSend {
  id: string;
  text: string;
  /** When the server confirmed the write (epoch ms). */
  sentAt: number;
  bytes: number;
  characters: number;
}

interface SessionClipboard {
  /** Newest first, at most LIMITS.clipboardHistory. */
  entries: ClipboardSend[];
  /**
   * The send that last reached the session's clipboard. Deleting its entry (or clearing the
   * history) forgets it too, so the page keeps no text the user asked it to drop.
   */
  lastSentId: string | null;
}

interface ClipboardHistoryState {
  bySession: Record<string, SessionClipboard>;
  record: (sessionId: string, text: string, sentAt: number) => ClipboardSend;
  remove: (sessionId: string, id: string) => void;
  clear: (sessionId: string) => void;
}

let nextId = 1;

/**
 * What this page sent to each session's clipboard. Memory only: it is never written to
 * localStorage or sessionStorage, so clipboard text does not outlive the page.
 */
export const useClipboardHistory = create<ClipboardHistoryState>()((set) => ({
  bySession: {},
  record: (sessionId, text, sentAt) => {
    const entry: ClipboardSend = { id: `send-${nextId++}`, text, sentAt, ...measureText(text) };
    set((state) => {
      const previous = state.bySession[sessionId]?.entries ?? [];
      const entries = [entry, ...previous].slice(0, LIMITS.clipboardHistory);
      return { bySession: { ...state.bySession, [sessionId]: { entries, lastSentId: entry.id } } };
    });
    return entry;
  },
  remove: (sessionId, id) =>
    set((state) => {
      const current = state.bySession[sessionId];
      if (!current) return state;
      const entries = current.entries.filter((entry) => entry.id !== id);
      const lastSentId = current.lastSentId === id ? null : current.lastSentId;
      return { bySession: { ...state.bySession, [sessionId]: { entries, lastSentId } } };
    }),
  clear: (sessionId) =>
    set((state) => {
      const { [sessionId]: _removed, ...rest } = state.bySession;
      return { bySession: rest };
    }),
}));

const NO_ENTRIES: ClipboardSend[] = [];

/** The sends of one session, newest first (a stable empty array when there are none). */
export function useClipboardSends(sessionId: string): ClipboardSend[] {
  return useClipboardHistory((state) => state.bySession[sessionId]?.entries ?? NO_ENTRIES);
}

/** The send that last reached the session's clipboard, if the page still holds it. */
export function useLastClipboardSend(sessionId: string): ClipboardSend | null {
  return useClipboardHistory((state) => {
    const current = state.bySession[sessionId];
    return current?.entries.find((entry) => entry.id === current.lastSentId) ?? null;
  });
}
