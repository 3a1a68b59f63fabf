import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { keyUsedByTarget } from '../../lib/focus';

/** What the shown view (Timeline, Logs, All) gives the page region around it. */
export interface ViewKeys {
  /** The view's own key handler: it calls `preventDefault()` on a key it acted on. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The view's element: a key pressed inside it has reached the view's handler already. */
  element: () => HTMLElement | null;
  /** Where the skip link takes the keyboard: the view's list. */
  list: () => HTMLElement | null;
}

interface ViewKeysRegistry {
  /** Makes `keys` the shown view's; the returned function takes them back. */
  register: (keys: ViewKeys) => () => void;
}

const ViewKeysContext = createContext<ViewKeysRegistry | null>(null);

/** The view's shortcuts that work from anywhere in the region, not only from inside the view. */
const ROUTED = new Set(['j', 'k', 'Enter', '/', 'Escape']);
/** Keys that step through the list: pressed outside it, they take the keyboard there too. */
const LIST_STEPS = new Set(['j', 'k']);

/**
 * Gives the view's keys to the region around it (see ViewKeysMain). The view still handles the
 * keys pressed inside it itself.
 */
export function useViewKeys(keys: ViewKeys): void {
  const registry = useContext(ViewKeysContext);
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(
    () =>
      registry?.register({
        onKeyDown: (event) => latest.current.onKeyDown(event),
        element: () => latest.current.element(),
        list: () => latest.current.list(),
      }),
    [registry],
  );
}

/**
 * The page's main region, whose keys reach the view shown in it: j, k, Enter, / and Escape
 * pressed anywhere in it (on the view tabs, say, where focus is when a session opens) do what
 * they do in the view, unless the element pressed on uses the key itself (a field, a button's
 * Enter, a dialog's Escape). It starts with a skip link to the view's list, hidden until focused.
 */
export function ViewKeysMain({ className, children }: { className?: string; children: ReactNode }) {
  const [views, setViews] = useState<readonly ViewKeys[]>([]);
  const registry = useMemo<ViewKeysRegistry>(
    () => ({
      register: (keys) => {
        setViews((list) => [...list, keys]);
        return () => setViews((list) => list.filter((item) => item !== keys));
      },
    }),
    [],
  );
  // the last one shown is the one on screen
  const view = views.at(-1);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (!view || event.defaultPrevented || !ROUTED.has(event.key)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (view.element()?.contains(event.target as Node)) return;
    if (keyUsedByTarget(event)) return;
    view.onKeyDown(event);
    if (event.defaultPrevented && LIST_STEPS.has(event.key)) view.list()?.focus();
  };

  return (
    <ViewKeysContext value={registry}>
      <main className={className} onKeyDown={onKeyDown}>
        {view && (
          <button
            type="button"
            onClick={() => view.list()?.focus()}
            className="sr-only focus:not-sr-only focus:absolute focus:top-12 focus:left-2 focus:z-50 focus:rounded-md focus:border focus:border-border focus:bg-panel focus:px-3 focus:py-1.5 focus:text-sm focus:shadow-md"
          >
            Skip to the event list
          </button>
        )}
        {children}
      </main>
    </ViewKeysContext>
  );
}
