/**
 * The presenter's keys: a keyboard or a presentation clicker (which sends PageDown and PageUp,
 * or the arrows) drives the tour alone. Pure, for the view and its test.
 */
export type PresenterCommand = 'next' | 'back' | 'restart' | 'leave' | 'blur';

export interface KeyInput {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Focus is in a text field (the exercise's editor): its keys are its own. */
  editing: boolean;
}

export function presenterCommand(input: KeyInput): PresenterCommand | undefined {
  if (input.altKey || input.ctrlKey || input.metaKey) return undefined;
  // In the editor only Escape is the presenter's, and only to step out of the editor.
  if (input.editing) return input.key === 'Escape' ? 'blur' : undefined;
  switch (input.key) {
    case ' ':
    case 'Spacebar':
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case 'ArrowLeft':
    case 'PageUp':
      return 'back';
    case 'Home':
      return 'restart';
    case 'Escape':
      return 'leave';
    default:
      return undefined;
  }
}

/** Whether an element takes typed text (its keys must not drive the tour). */
export function isEditable(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}
