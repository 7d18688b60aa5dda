/**
 * A modal dialog as every dialog of the app behaves: opened on mount with the page behind it
 * inert, focus on `focusFirst` inside it (or the dialog), Tab wrapping at both ends, Escape
 * closing it, keys kept from the page's shortcuts, and focus returned where it was on unmount.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

interface Props {
  className: string;
  labelledBy: string;
  testId: string;
  onClose: () => void;
  /** A selector for what takes focus on opening; the first match inside the dialog. */
  focusFirst?: string;
  /** For a caller that moves focus inside later (once its content has loaded, say). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled):not([tabindex="-1"]), textarea:not(:disabled), select:not(:disabled), a[href]';

export function ModalDialog({ className, labelledBy, testId, onClose, focusFirst, dialogRef, children }: Props) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (dialog && !dialog.open) dialog.showModal();
    if (focusFirst) dialog?.querySelector<HTMLElement>(focusFirst)?.focus();
    return () => before?.focus();
    // Once, on opening: a new `focusFirst` later moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
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

  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        e.stopPropagation();
        wrapTab(e);
      }}
    >
      {children}
    </dialog>
  );
}
