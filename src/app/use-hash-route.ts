import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { formatHash, parseHash, type HashRoute } from '../lib/hash-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getHash = (): string => window.location.hash;

/** The route in the URL hash, and a navigate that replaces (view state) or pushes (new session). */
export function useHashRoute(): [
  HashRoute,
  (route: HashRoute, options?: { replace?: boolean }) => void,
] {
  const hash = useSyncExternalStore(subscribe, getHash, getHash);
  const navigate = useCallback((route: HashRoute, options: { replace?: boolean } = {}) => {
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
