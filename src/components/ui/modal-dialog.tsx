import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalDialogProps {
  /** Id of the element that names the dialog. */
  labelledBy: string;
  /** Escape, a click outside the dialog or its own close button: the opener returns focus. */
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog over the page, centred near its top, that covers no control it leaves usable: the
 * page behind is dimmed and takes no clicks. Escape anywhere or a click on the dimmed page closes
 * it; Tab stays inside it. Drawn at the end of the body, so no scrolling or clipping box of the
 * opener holds it, and kept inside the window on a narrow screen.
 */
export function ModalDialog({ labelledBy, onClose, children }: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // on the document, before the page's own keys: Escape belongs to the dialog while it is open
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const keepTabInside = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      data-testid="modal-backdrop"
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-2 pt-[12vh]"
      onPointerDown={(event) => {
        // only a press on the dimmed page itself, not one inside the dialog
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        onKeyDown={keepTabInside}
        className="flex w-full max-w-sm flex-col gap-2 rounded-md border border-border bg-panel p-3 text-sm shadow-lg"
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
