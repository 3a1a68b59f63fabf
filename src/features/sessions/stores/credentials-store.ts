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
  setToken: (token: string, remember: RememberMode) => void;
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

export const useCredentials = create<CredentialsState>()((set) => ({
  ...loadStored(),
  tokenVersion: 0,
  apiBase: DEFAULT_API_BASE,
  setToken: (token, remember) => {
    clearStored();
    if (token) storageFor(remember)?.setItem(TOKEN_KEY, token);
    set((state) => ({ token, remember, tokenVersion: state.tokenVersion + 1 }));
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
