/**
 * The panel tabs' keyboard and focus. A tab switched to by a click, Enter or Space hands the
 * focus to its panel (to the element in it marked `data-panel-focus`, else the panel itself), so
 * the keys of what is now on screen work at once: the Timeline's `?`, `/` and `j` did nothing
 * until the list was clicked, the focus being left on the tab. The arrow keys, Home and End walk
 * the tabs and switch as they go, the focus staying in the tab bar.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface PanelTabs<T extends string> {
  panelRef: RefObject<HTMLDivElement | null>;
  /** A click (or Enter, or Space) on a tab. */
  open: (tab: T) => void;
  /** Keys on a tab. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

export function usePanelTabs<T extends string>(tabs: readonly T[], current: T, select: (tab: T) => void): PanelTabs<T> {
  const panelRef = useRef<HTMLDivElement>(null);
  // Counted, so a click on the tab already shown still brings the focus to its panel.
  const [focusAsked, setFocusAsked] = useState(0);

  useEffect(() => {
    if (focusAsked === 0) return;
    const panel = panelRef.current;
    if (!panel) return;
    const target = panel.querySelector<HTMLElement>('[data-panel-focus]') ?? panel;
    target.focus({ preventScroll: true });
  }, [focusAsked]);

  const open = (tab: T): void => {
    select(tab);
    setFocusAsked((n) => n + 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const at = tabs.indexOf(current);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : undefined;
    const next = to === undefined ? undefined : tabs[to];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    const bar = event.currentTarget.closest('[role="tablist"]');
    bar?.querySelectorAll<HTMLElement>('[role="tab"]')[to ?? 0]?.focus();
  };

  return { panelRef, open, onKeyDown };
}
