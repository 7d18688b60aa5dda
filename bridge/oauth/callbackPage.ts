/** The page a browser sees at an OAuth callback: self-contained (no script, no request), escaped. */
export function callbackPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · MCP Lens</title><style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:36rem;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
