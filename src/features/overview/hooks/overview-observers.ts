import { useEffect, useState, type RefObject } from 'react';

/**
 * Content width (CSS px, floored) of an element, kept current with a ResizeObserver. 0 until
 * measured, and where ResizeObserver does not exist (jsdom).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[entries.length - 1]?.contentRect.width;
      if (measured !== undefined) setWidth(Math.floor(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A number that changes whenever the theme may have changed: the `data-theme` attribute of the
 * document element, or the system colour scheme. For canvases, which must redraw with new colours.
 */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = (): void => setVersion((n) => n + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    const scheme =
      typeof window.matchMedia === 'function'
        ? window.matchMedia('(prefers-color-scheme: dark)')
        : null;
    scheme?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      scheme?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}
