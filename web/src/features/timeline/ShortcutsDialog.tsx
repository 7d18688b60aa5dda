/**
 * The shortcut list behind `?`: a modal dialog (the page behind it inert), focus kept inside by
 * wrapping Tab at both ends, Escape or the button to close, focus returned where it was.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SHORTCUTS } from './keys.js';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('button')?.focus();
    return () => before?.focus();
  }, []);

  const trap = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key !== 'Tab') return;
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>('button, a[href], [tabindex]:not([tabindex="-1"])') ?? [])];
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
      className="tl-shortcuts"
      aria-labelledby="tl-shortcuts-title"
      data-testid="shortcuts"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        e.stopPropagation();
        trap(e);
      }}
    >
      <div className="row">
        <h3 id="tl-shortcuts-title">Keyboard shortcuts</h3>
        <span className="spacer" />
        <button type="button" onClick={onClose} aria-label="Close shortcuts">
          ✕
        </button>
      </div>
      {SHORTCUTS.map((group) => (
        <section key={group.where}>
          <h4>{group.where}</h4>
          <dl>
            {group.keys.map(([keys, what]) => (
              <div key={keys} className="tl-shortcut">
                <dt>
                  {keys.split(' ').map((k, i) => (
                    <kbd key={i}>{k}</kbd>
                  ))}
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="row">
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
