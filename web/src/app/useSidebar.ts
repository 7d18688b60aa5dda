import { useState } from 'react';

const KEY = 'mcp-lens.sidebar';

/** Whether the sidebar is shown; folding it away is remembered, so a reload keeps the width. */
export function useSidebar(): [boolean, () => void] {
  const [shown, setShown] = useState(() => localStorage.getItem(KEY) !== 'hidden');
  const toggle = (): void => {
    const next = !shown;
    if (next) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'hidden');
    setShown(next);
  };
  return [shown, toggle];
}
