import { create } from 'zustand';

/**
 * Where the API token is kept. `memory` (the default) forgets it when the page goes away; `tab`
 * keeps it for this browser tab (sessionStorage); `device` keeps it on this device (localStorage).
 * Only the user's explicit choice writes it anywhere.
 */
export type RememberMode = 'memory' | 'tab' | 'device';

const TOKEN_KEY = 'session-console.token';
const DEFAULT_API_BASE = '/api';

interface CredentialsState {
  token: string;
  /** Changes whenever the token does, so queries and streams can react without seeing it. */
  tokenVersion: number;
  remember: RememberMode;
  apiBase: string;
  /** Uses `token` from now on: the version moves, and every open stream reconnects with it. */
  setToken: (token: string, remember: RememberMode) => void;
  /**
   * The token to use for a session being opened: a different one is set as `setToken` sets it; the
   * same one only changes where it is kept, so that the sessions already open go on undisturbed.
   */
  adoptToken: (token: string, remember: RememberMode) => void;
  setApiBase: (apiBase: string) => void;
  forget: () => void;
}

function storageFor(mode: RememberMode): Storage | undefined {
  try {
    if (mode === 'tab') return window.sessionStorage;
    if (mode === 'device') return window.localStorage;
  } catch {
    // storage disabled by the browser: remembering is simply unavailable
  }
  return undefined;
}

function clearStored(): void {
  storageFor('tab')?.removeItem(TOKEN_KEY);
  storageFor('device')?.removeItem(TOKEN_KEY);
}

function loadStored(): { token: string; remember: RememberMode } {
  for (const mode of ['tab', 'device'] as const) {
    const token = storageFor(mode)?.getItem(TOKEN_KEY);
    if (token) return { token, remember: mode };
  }
  return { token: '', remember: 'memory' };
}

export const useCredentials = create<CredentialsState>()((set, get) => ({
  ...loadStored(),
  tokenVersion: 0,
  apiBase: DEFAULT_API_BASE,
  setToken: (token, remember) => {
    clearStored();
    if (token) storageFor(remember)?.setItem(TOKEN_KEY, token);
    set((state) => ({ token, remember, tokenVersion: state.tokenVersion + 1 }));
  },
  adoptToken: (token, remember) => {
    const state = get();
    if (token !== state.token) {
      state.setToken(token, remember);
      return;
    }
    if (remember === state.remember) return;
    clearStored();
    if (token) storageFor(remember)?.setItem(TOKEN_KEY, token);
    set({ remember });
  },
  setApiBase: (apiBase) => set({ apiBase: apiBase.trim().replace(/\/+$/, '') || DEFAULT_API_BASE }),
  forget: () => {
    clearStored();
    set((state) => ({ token: '', remember: 'memory', tokenVersion: state.tokenVersion + 1 }));
  },
}));

/** Reads the current token at call time, so a reconnect always uses the newest one. */
export function currentToken(): string {
  return useCredentials.getState().token;
}
