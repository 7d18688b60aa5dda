/**
 * The shortcut list behind `?`: a modal dialog (the page behind it inert), focus kept inside by
 * wrapping Tab at both ends, Escape or the button to close, focus returned where it was.
 */
import { ModalDialog } from '../../ui/ModalDialog.js';
import { SHORTCUTS } from './keys.js';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog className="tl-shortcuts" labelledBy="tl-shortcuts-title" testId="shortcuts" onClose={onClose} focusFirst="button">
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
    </ModalDialog>
  );
}
