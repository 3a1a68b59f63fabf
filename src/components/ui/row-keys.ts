export type RowKey = (position: number, itemKey: number) => string;

const byItem: RowKey = (_position, itemKey) => `i${itemKey}`;

/**
 * Keys for the rows of a window that starts at position `first`.
 *
 * A row is normally keyed by its item: rows that stay in view stay as they are, and one that
 * scrolls in is the only one built. Following a fast stream (`fast`: the list moves by most of
 * its rows at each update), nearly every row would be removed and a new one built in its place:
 * then rows are keyed by their place in the window, the same elements stay, and only what they
 * show changes (no new elements to style, no old ones to tear down).
 */
export function rowKeys(first: number, fast: boolean): RowKey {
  return fast ? (position) => `s${position - first}` : byItem;
}
