/**
 * Where JSON text goes wrong. `JSON.parse` says that it failed, but not always where: V8 names
 * an offset for some mistakes, none for others ("Unexpected token", "Unexpected end"), and
 * quotes a piece of the text in its message. A person opening a cut-off or hand-edited file
 * wants the line and column, so on failure the text is scanned again by a small grammar walk
 * that stops at the first byte JSON does not allow.
 */

export interface JsonSyntaxProblem {
  /** UTF-16 offset of the first character JSON does not allow (the text's length when it ends too soon). */
  offset: number;
  /** 1-based line and column (columns count UTF-16 units, as editors that show JSON mostly do). */
  line: number;
  column: number;
  /** True when the text ended before the value was complete: a truncated file, usually. */
  truncated: boolean;
  /** What was found, and what JSON expected there. */
  message: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Line and column of a UTF-16 offset, 1-based. For many offsets in one text, use lineIndex. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * lineColumn for any number of offsets in one text: the line starts are found once, each
 * offset by binary search, so telling every entry of a large file where it is stays linear in
 * the file (rescanning from the start for each one took a minute on 16 MB).
 */
export function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    // The last line start at or before the offset (a newline belongs to the line it ends).
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  };
}

type Expect = 'value' | 'key' | 'colon' | 'comma-or-close';

/**
 * The first syntax error in `text`, or undefined when it is one valid JSON value (with
 * whitespace around it). Iterative, so nesting of any depth is walked, not overflowed.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  let i = 0;
  let expect = 'value' as Expect;
  let done = false;
  const n = text.length;
  const fail = (at: number, message: string): JsonSyntaxProblem => ({
    offset: at,
    ...lineColumn(text, at),
    truncated: at >= n,
    message: at >= n ? `the text ends ${message}` : `${describe(text, at)} ${message}`,
  });
  const skipWs = (): void => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  /** Ends a value just read: the container around it now wants a comma or its end. */
  const valueEnded = (): void => {
    if (stack.length === 0) done = true;
    else expect = 'comma-or-close';
  };

  while (true) {
    skipWs();
    if (done) return i < n ? fail(i, 'after the end of the document') : undefined;
    if (i >= n) {
      const what: Record<Expect, string> = {
        value: stack.length === 0 && n === 0 ? 'before any value: the file is empty' : 'where a value should follow',
        key: 'where a property name should follow',
        colon: "where ':' should follow",
        'comma-or-close': `inside ${stack.length} unclosed ${stack.length === 1 ? 'bracket' : 'brackets'}`,
      };
      return fail(n, what[expect]);
    }
    const c = text.charCodeAt(i);
    switch (expect) {
      case 'value': {
        if (c === 0x7b || c === 0x5b) {
          stack.push(c);
          i++;
          skipWs();
          const close = c === 0x7b ? 0x7d : 0x5d;
          if (i < n && text.charCodeAt(i) === close) {
            stack.pop();
            i++;
            valueEnded();
          } else expect = c === 0x7b ? 'key' : 'value';
          break;
        }
        if (c === 0x22) {
          const end = stringEnd(text, i);
          if (typeof end !== 'number') return fail(end.at, end.message);
          i = end;
          valueEnded();
          break;
        }
        const literal = literalEnd(text, i);
        if (typeof literal !== 'number') return fail(literal.at, literal.message);
        i = literal;
        valueEnded();
        break;
      }
      case 'key': {
        if (c !== 0x22) return fail(i, 'where a property name in double quotes should be');
        const end = stringEnd(text, i);
        if (typeof end !== 'number') return fail(end.at, end.message);
        i = end;
        expect = 'colon';
        break;
      }
      case 'colon':
        if (c !== 0x3a) return fail(i, "where ':' should follow a property name");
        i++;
        expect = 'value';
        break;
      case 'comma-or-close': {
        const top = stack[stack.length - 1];
        const close = top === 0x7b ? 0x7d : 0x5d;
        if (c === 0x2c) {
          i++;
          expect = top === 0x7b ? 'key' : 'value';
          skipWs();
          // A trailing comma: JSON has none, though JavaScript does.
          if (i < n && (text.charCodeAt(i) === 0x7d || text.charCodeAt(i) === 0x5d))
            return fail(i, 'after a comma (JSON allows no trailing comma)');
        } else if (c === close) {
          stack.pop();
          i++;
          valueEnded();
        } else return fail(i, `where ',' or '${top === 0x7b ? '}' : ']'}' should be`);
        break;
      }
      default: {
        const never: never = expect;
        return never;
      }
    }
  }
}

/** The offset just past a string starting at `start` (a quote), or where it goes wrong. */
function stringEnd(text: string, start: number): number | { at: number; message: string } {
  const n = text.length;
  for (let i = start + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { at: i, message: 'inside a string (control characters must be escaped)' };
    if (c === 0x5c) {
      const e = text.charCodeAt(i + 1);
      if (i + 1 >= n) break;
      if (e === 0x75) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          if (i + 6 > n) break;
          return { at: i, message: 'is not a valid \\u escape' };
        }
        i += 5;
      } else if ('"\\/bfnrt'.includes(text[i + 1] ?? '')) i++;
      else return { at: i, message: 'is not a valid escape' };
    }
  }
  return { at: n, message: 'inside a string' };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset just past a number, true, false or null at `start`, or where it goes wrong. */
function literalEnd(text: string, start: number): number | { at: number; message: string } {
  const n = text.length;
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, start)) return start + word.length;
    // A word cut off by the end of the text.
    if (start + word.length > n && word.startsWith(text.slice(start))) return { at: n, message: `inside '${word}'` };
  }
  const first = text[start] ?? '';
  if (first !== '-' && !(first >= '0' && first <= '9')) return { at: start, message: 'where a value should be' };
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (!match) return start + 1 >= n ? { at: n, message: 'inside a number' } : { at: start + 1, message: 'inside a number' };
  const end = start + match[0].length;
  const next = text[end];
  // A fraction or exponent without its digits ("1.", "2e+"), or a leading zero ("01").
  if (next === '.' || next === 'e' || next === 'E') {
    let j = end + 1;
    if (next !== '.' && (text[j] === '+' || text[j] === '-')) j++;
    return { at: j >= n ? n : j, message: 'inside a number' };
  }
  if (next !== undefined && next >= '0' && next <= '9') return { at: end, message: 'inside a number (JSON allows no leading zero)' };
  return end;
}

function describe(text: string, at: number): string {
  const ch = text[at] ?? '';
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return `'${ch}'`;
}
