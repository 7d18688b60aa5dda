/**
 * The timeline's keyboard: which key does what, in one place, so the handlers, the shortcut
 * dialog and the tests agree. Pure.
 */

export type ListAction =
  | { type: 'move'; by: number }
  | { type: 'page'; by: 1 | -1 }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'toggleDetail' }
  | { type: 'expand' }
  | { type: 'collapse' };

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** A key pressed in the list (it has focus). */
export function listAction(e: KeyInput): ListAction | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  switch (e.key) {
    case 'ArrowDown':
    case 'j':
      return { type: 'move', by: 1 };
    case 'ArrowUp':
    case 'k':
      return { type: 'move', by: -1 };
    case 'PageDown':
      return { type: 'page', by: 1 };
    case 'PageUp':
      return { type: 'page', by: -1 };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    case 'Enter':
      return { type: 'toggleDetail' };
    case 'ArrowRight':
      return { type: 'expand' };
    case 'ArrowLeft':
      return { type: 'collapse' };
    default:
      return undefined;
  }
}

export type PanelAction = 'search' | 'shortcuts' | 'escape' | 'move-down' | 'move-up';

/**
 * A key anywhere in the timeline panel. In a text field only Escape counts (the others are
 * typing); j/k reach the list from anywhere else in the panel, so the keyboard never has to
 * find the list first.
 */
export function panelAction(e: KeyInput, inTextField: boolean): PanelAction | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  if (e.key === 'Escape') return 'escape';
  if (inTextField) return undefined;
  switch (e.key) {
    case '/':
      return 'search';
    case '?':
      return 'shortcuts';
    case 'j':
      return 'move-down';
    case 'k':
      return 'move-up';
    default:
      return undefined;
  }
}

/** Whether key presses on an element are typing (inputs, text areas, editors). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

export const SHORTCUTS: { where: string; keys: [string, string][] }[] = [
  {
    where: 'Anywhere in the timeline',
    keys: [
      ['/', 'search the raw lines'],
      ['Esc', 'clear the search, else the selection (and close the detail)'],
      ['?', 'this list'],
      ['j k', 'next / previous row'],
    ],
  },
  {
    where: 'In the list',
    keys: [
      ['↓ ↑', 'next / previous row'],
      ['Enter', 'open or close the detail of the selected row'],
      ['→ ←', 'expand a row (its nested rows and lines) / collapse it'],
      ['PgDn PgUp', 'a page down / up'],
      ['Home End', 'first / last row'],
    ],
  },
  {
    where: 'In the waterfall',
    keys: [
      ['+ -', 'zoom in / out'],
      ['← →', 'pan'],
      ['f', 'fit the whole session'],
      ['wheel', 'zoom at the pointer (ctrl+wheel or a pinch too); shift+wheel pans; drag pans'],
    ],
  },
];
