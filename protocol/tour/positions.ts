/**
 * Where a place of a tour file starts in its text, so every problem names a line and column:
 * a schema problem (a zod issue's path) or a semantic one (a `$ref` to a later step) is told at
 * the field it is about, or at the nearest enclosing field that is there when it is missing.
 */
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { lineIndex } from '../jsonWhere.js';
import type { PathStep } from '../replay/jsonPath.js';

export interface Position {
  /** 1-based. */
  line: number;
  column: number;
}

/** The position of the deepest place of `path` present in the text: a member's key, an item's start. */
export type Locator = (path: readonly PathStep[]) => Position;

const keyOf = (path: readonly PathStep[]): string => JSON.stringify(path);

/** For JSON text already known to be valid (findJsonSyntaxError found nothing) and not nested past the reader's limit. */
export function jsonLocator(text: string): Locator {
  const offsets = new Map<string, number>();
  let i = 0;
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: PathStep[], at: number): void => {
    space();
    // A member's place is its key (set by the caller); an item's, or the root's, is its value.
    if (at < 0) offsets.set(keyOf(path), i);
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        const keyStart = i;
        const key = string();
        const child = [...path, key];
        offsets.set(keyOf(child), keyStart);
        space();
        i++; // ':'
        value(child, keyStart);
        space();
        if (text[i++] === '}') return;
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        value([...path, index], -1);
        space();
        if (text[i++] === ']') return;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++;
  };
  value([], -1);
  const lineColumn = lineIndex(text);
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const offset = offsets.get(keyOf(path.slice(0, n)));
      if (offset !== undefined) return lineColumn(offset);
    }
    return { line: 1, column: 1 };
  };
}

/** For a YAML document parsed with a LineCounter. */
export function yamlLocator(doc: Document, lines: LineCounter): Locator {
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  return (path) => {
    let node: unknown = doc.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    for (const step of path) {
      if (isMap(node)) {
        // With duplicate keys refused by the parser, at most one pair has this key.
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
        if (!pair) break;
        const key = pair.key as Node;
        offset = key.range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof step === 'number') {
        const item = node.items[step] as Node | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    return at(offset);
  };
}
