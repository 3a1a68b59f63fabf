import { create } from 'zustand';

/** Session ids the user opened here, newest first: ids only (never a token), on this device. */
const RECENT_KEY = 'session-console.recent-sessions';
export const RECENT_LIMIT = 8;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function load(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string').slice(0, RECENT_LIMIT)
      : [];
  } catch {
    return [];
  }
}

interface RecentState {
  ids: string[];
  /** Puts `id` first (once). */
  opened: (id: string) => void;
  forget: (id: string) => void;
}

export const useRecentSessions = create<RecentState>()((set, get) => {
  const save = (ids: string[]): void => {
    set({ ids });
    try {
      storage()?.setItem(RECENT_KEY, JSON.stringify(ids));
    } catch {
      // storage full or disabled: the list lasts as long as the page
    }
  };
  return {
    ids: load(),
    opened: (id) => save([id, ...get().ids.filter((other) => other !== id)].slice(0, RECENT_LIMIT)),
    forget: (id) => save(get().ids.filter((other) => other !== id)),
  };
});
