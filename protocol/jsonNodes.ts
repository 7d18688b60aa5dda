/**
 * A JSON text as a tree of spans, so a tool can rewrite one value in place and leave every other
 * byte of a file as its author wrote it (JSON.parse then JSON.stringify would respace the file
 * and drop its comments). Run on text whose comments are blanked (protocol/jsonc.ts keeps every
 * offset), so the spans hold in the original too.
 */

export type JsonNode =
  | { kind: 'object'; start: number; end: number; members: JsonMember[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'string'; start: number; end: number; value: string }
  | { kind: 'scalar'; start: number; end: number };

export interface JsonMember {
  key: string;
  keyStart: number;
  keyEnd: number;
  node: JsonNode;
}

/**
 * For text already known to be one valid JSON value (findJsonSyntaxError found nothing) that
 * nests no deeper than the readers' limit: the walk recurses once per level.
 */
export function jsonNodes(text: string): JsonNode {
  let i = 0;
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): { start: number; end: number; value: string } => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return { start, end: i, value: JSON.parse(text.slice(start, i)) as string };
  };
  const value = (): JsonNode => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: JsonMember[] = [];
      space();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', start, end: i, members };
      }
      for (;;) {
        space();
        const key = string();
        space();
        i++; // ':'
        members.push({ key: key.value, keyStart: key.start, keyEnd: key.end, node: value() });
        space();
        if (text[i++] === '}') return { kind: 'object', start, end: i, members };
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        space();
        if (text[i++] === ']') return { kind: 'array', start, end: i, items };
      }
    }
    if (c === '"') return { kind: 'string', ...string() };
    while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++;
    return { kind: 'scalar', start, end: i };
  };
  return value();
}

/** The last member named `key` (JSON.parse keeps the last of duplicates, and so do hosts). */
export function memberOf(node: JsonNode | undefined, key: string): JsonMember | undefined {
  if (node?.kind !== 'object') return undefined;
  for (let k = node.members.length - 1; k >= 0; k--) if (node.members[k]?.key === key) return node.members[k];
  return undefined;
}
