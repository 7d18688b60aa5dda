/** What the user typed per connection and tool, kept while panels switch (not across reloads). */
const drafts = new Map<string, unknown>();

export function draftKey(conn: string, tool: string): string {
  return `${conn}\u0000${tool}`;
}

export function loadDraft(key: string): unknown {
  return drafts.get(key);
}

export function saveDraft(key: string, value: unknown): void {
  drafts.set(key, value);
}

const selections = new Map<string, string>();

/** Which item a panel had selected on a connection, kept while panels switch. */
export function loadSelection(scope: string): string | undefined {
  return selections.get(scope);
}

export function saveSelection(scope: string, value: string | undefined): void {
  if (value === undefined) selections.delete(scope);
  else selections.set(scope, value);
}
