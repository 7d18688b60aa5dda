/**
 * What `mcp-lens tap --install` / `--uninstall` prints of its edit: the lines that changed,
 * before (`-`) and after (`+`), under a unified diff's `@@` line. Only the changed lines, with the
 * entry's secrets masked: the rest of a config file holds other servers' tokens. A long line (a
 * config written on one line) is cut to the part around the change.
 */
import { maskText } from '../redact.js';
import { terminalLine } from '../terminalText.js';

/** Past this, a line is shown only around what changed in it. */
const LONG_LINE = 240;
/** How much of a long line is kept on each side of its change. */
const AROUND = 60;

export function changedLines(before: string, after: string, secrets: readonly string[], label: { before: string; after: string }): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const gone = a.slice(head, a.length - tail);
  const come = b.slice(head, b.length - tail);
  const show = (line: string, other: string | undefined): string => {
    const masked = maskText(line.replace(/\r$/, ''), secrets).text;
    return terminalLine(masked.length > LONG_LINE ? cut(masked, other === undefined ? undefined : maskText(other, secrets).text) : masked);
  };
  const paired = gone.length === come.length;
  return [
    `--- ${label.before}`,
    `+++ ${label.after}`,
    `@@ -${head + 1},${gone.length} +${head + 1},${come.length} @@`,
    ...gone.map((line, i) => `-${show(line, paired ? come[i] : undefined)}`),
    ...come.map((line, i) => `+${show(line, paired ? gone[i] : undefined)}`),
    '',
  ].join('\n');
}

/** The part of a long line around where it differs from `other` (its counterpart), or its start. */
function cut(line: string, other: string | undefined): string {
  let from = 0;
  let to = Math.min(line.length, LONG_LINE);
  if (other !== undefined) {
    let same = 0;
    while (same < line.length && same < other.length && line[same] === other[same]) same++;
    let end = 0;
    while (end < line.length - same && end < other.length - same && line[line.length - 1 - end] === other[other.length - 1 - end]) end++;
    from = Math.max(0, same - AROUND);
    to = Math.min(line.length, line.length - end + AROUND);
  }
  return `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
}
