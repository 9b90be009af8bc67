/**
 * A modal dialog on the native <dialog> element. showModal() gives the browser's own focus
 * trap, inert background, top layer and Escape handling; this component adds what React state
 * needs around it:
 * - `open` drives showModal()/close(); Escape and the close button ask the owner to close
 *   (`onClose`), so state and element never disagree;
 * - focus moves to the first field (or `autoFocus` element) on open and returns to the element
 *   that had it before (the button that opened the dialog) on close;
 * - a click on the backdrop closes, as visitors expect from a modal.
 */
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';

/** Where focus goes on open: the first field, rather than the close button before it. */
const FIRST_FIELD = '[data-autofocus], input:not([type=hidden]):not([tabindex="-1"]), select, textarea';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string | undefined;
  children: ReactNode;
}

export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounting while open (the island goes away) must not leave focus stranded.
  useEffect(() => () => restoreFocus(returnFocusTo.current), []);

  const onNativeClose = () => {
    restoreFocus(returnFocusTo.current);
    returnFocusTo.current = null;
    if (open) onClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onNativeClose}
      onClick={onBackdropClick}
    >
      <div className="dialog-panel">
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="dialog-description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}

function restoreFocus(element: HTMLElement | null): void {
  if (element?.isConnected) element.focus();
}
