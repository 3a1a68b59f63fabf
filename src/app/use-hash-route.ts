import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { formatHash, parseHash, type HashRoute } from '../lib/hash-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getHash = (): string => window.location.hash;

export interface NavigateOptions {
  /** Replace the current entry (view state) instead of pushing one (a new session). */
  replace?: boolean;
  /**
   * Only while the URL still shows this session: a view's URL writes are debounced and can come
   * after the reader went to another session or the connect screen, which they must not undo.
   */
  whileOn?: string;
}

/** The route in the URL hash, and a navigate that replaces (view state) or pushes (new session). */
export function useHashRoute(): [HashRoute, (route: HashRoute, options?: NavigateOptions) => void] {
  const hash = useSyncExternalStore(subscribe, getHash, getHash);
  const navigate = useCallback((route: HashRoute, options: NavigateOptions = {}) => {
    if (
      options.whileOn !== undefined &&
      parseHash(window.location.hash).sessionId !== options.whileOn
    )
      return;
    const next = formatHash(route);
    if (next === window.location.hash) return;
    if (options.replace) {
      window.history.replaceState(window.history.state, '', next);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    } else {
      window.location.hash = next;
    }
  }, []);
  const route = useMemo(() => parseHash(hash), [hash]);
  return [route, navigate];
}
