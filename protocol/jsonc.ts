/**
 * JSON with comments and trailing commas (the "JSONC" editors write: VS Code's mcp.json and
 * settings.json) read as JSON. Each comment and each trailing comma is overwritten with spaces
 * (a comment's line breaks kept), so the result has the same length and every line and column
 * of the original: a problem found in it is told where the user sees it.
 */

/** The text with `//` and `/* *\/` comments and trailing commas blanked; strings left alone. */
export function blankJsonComments(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  /** The last comma seen outside strings with nothing but space and comments after it yet. */
  let pendingComma = -1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      pendingComma = -1;
      i++;
      while (i < n && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      // An unclosed comment is left as it is, for the JSON reader to name where it starts.
      if (end === -1) break;
      blank(i, end + 2);
      i = end + 2;
      continue;
    }
    if (c === ',') pendingComma = i;
    else if (c === '}' || c === ']') {
      if (pendingComma !== -1) out[pendingComma] = ' ';
      pendingComma = -1;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') pendingComma = -1;
    i++;
  }
  return out.join('');
}
