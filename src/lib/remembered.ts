import { create, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A small store of a layout preference kept on this device (localStorage under `key`): what a
 * person set up once (a pane's width, a panel folded away) stays after a reload. Nothing secret
 * goes here. What cannot be read back, or is not valid, gives the default.
 */
export function createRemembered<T>(
  key: string,
  fallback: T,
  valid: (value: unknown) => value is T,
): UseBoundStore<StoreApi<{ value: T; set: (value: T) => void }>> {
  const read = (): T => {
    try {
      const text = window.localStorage.getItem(key);
      if (text === null) return fallback;
      const value: unknown = JSON.parse(text);
      return valid(value) ? value : fallback;
    } catch {
      return fallback;
    }
  };
  return create<{ value: T; set: (value: T) => void }>()((set) => ({
    value: read(),
    set: (value) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // not kept (storage unavailable or full); still applied
      }
      set({ value });
    },
  }));
}
