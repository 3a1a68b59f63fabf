/**
 * How a chip click changes what a row of filter chips hides, as DevTools' filters do: a click
 * shows only that kind (clicked again when it is the only one shown, it shows every kind again);
 * Ctrl or ⌘ with the click adds that kind to what is shown, or hides it when shown.
 *
 * `all` is every kind the row knows (those present and those it may yet see), so "only" also
 * keeps kinds that arrive later out of view. The state stays a list of hidden kinds, as the URL
 * keeps it.
 */
export function chipClick<K extends string>(
  all: readonly K[],
  hidden: readonly K[],
  name: K,
  add: boolean,
): K[] {
  const hiddenSet = new Set(hidden);
  if (add) {
    return hiddenSet.has(name) ? hidden.filter((kind) => kind !== name) : [...hidden, name];
  }
  const kinds = [...new Set([...all, ...hidden, name])];
  const onlyThis =
    !hiddenSet.has(name) && kinds.every((kind) => kind === name || hiddenSet.has(kind));
  return onlyThis ? [] : kinds.filter((kind) => kind !== name);
}

/** "All", "Network only", "all but Console and Page": what a row of chips shows, in words. */
export function shownInWords<K extends string>(
  present: readonly K[],
  hidden: readonly K[],
  label: (kind: K) => string,
): string {
  const hiddenSet = new Set(hidden);
  const shown = present.filter((kind) => !hiddenSet.has(kind));
  const gone = present.filter((kind) => hiddenSet.has(kind));
  if (gone.length === 0) return 'all';
  if (shown.length === 0) return 'none';
  const list = (kinds: K[]): string =>
    kinds.length === 1
      ? label(kinds[0] as K)
      : `${kinds.slice(0, -1).map(label).join(', ')} and ${label(kinds.at(-1) as K)}`;
  return shown.length <= gone.length ? `only ${list(shown)}` : `all but ${list(gone)}`;
}
