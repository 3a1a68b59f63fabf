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
