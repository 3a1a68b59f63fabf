/** Whether focus was lost: nothing focused, or only the page itself (its focused element went away). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/** Focuses `element` when focus was lost, so a keyboard user goes on from where things changed. */
export function focusIfLost(element: HTMLElement | null): void {
  if (element && focusIsLost()) element.focus();
}

/** Whether a key pressed on `target` is typing (in a field), not a shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  return (
    (target as HTMLElement | null)?.closest?.('input, textarea, select, [contenteditable]') != null
  );
}

/** Controls that Enter and Space activate. */
const ACTIVATED =
  'button, a[href], summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"]';
/** Widgets that move with the up and down arrows. */
const ARROW_WIDGETS =
  '[role="slider"], [role="separator"], [role="spinbutton"], [role="listbox"], [role="menu"], [role="radiogroup"], [role="grid"], [role="tree"]';
/** Widgets that find an item by the letter typed. */
const TYPEAHEAD = '[role="listbox"], [role="menu"], [role="tree"], [role="grid"]';
/** Pop-ups that Escape closes. */
const POPUPS = 'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Whether the element a key was pressed on uses that key itself: a field takes what is typed,
 * a button or tab takes Enter and Space, a slider or menu its arrows, a dialog Escape. Only a key
 * no control uses is free for a view's own shortcuts (j, k, Enter, /, Escape).
 */
export function keyUsedByTarget(event: { key: string; target: EventTarget | null }): boolean {
  const target = event.target as HTMLElement | null;
  if (!target?.closest) return false;
  const within = (selector: string): boolean => target.closest(selector) !== null;
  switch (event.key) {
    case 'Escape':
      return within(POPUPS);
    case 'Enter':
    case ' ':
      return typingIn(target) || within(ACTIVATED);
    case 'ArrowUp':
    case 'ArrowDown':
      return typingIn(target) || within(ARROW_WIDGETS);
    default:
      return typingIn(target) || (event.key.length === 1 && within(TYPEAHEAD));
  }
}
