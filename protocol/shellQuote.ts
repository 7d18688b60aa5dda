/**
 * One word for a POSIX shell: bare when nothing in it is special, else single-quoted. A bare `=`
 * is safe because no quoted word is ever first on the line (that is `mcp-lens`, a Node's path or
 * `cd`). The app's "Copy as CLI" and the commands the CLI prints for the user to run both use it.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+,./:=-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
