/** The roots table the user keeps, offered to servers that ask roots/list. Kept in localStorage. */
export interface Root {
  uri: string;
  name?: string;
}

const KEY = 'mcp-lens.roots';

export function loadRoots(): Root[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((r): r is Root => typeof (r as Root)?.uri === 'string') : [];
  } catch {
    return [];
  }
}

export function saveRoots(roots: Root[]): void {
  localStorage.setItem(KEY, JSON.stringify(roots));
}
