/**
 * Where a member's value sits in a JSON text, so it can be shown exactly as the peer wrote it:
 * JSON.parse then JSON.stringify rounds big numbers, drops duplicate keys and respaces. Only the
 * top level of an object is searched; nested values are skipped without being parsed.
 */

export interface Span {
  start: number;
  end: number;
}

/**
 * The span of the value of the top-level member `key`, or undefined when the text is not a
 * JSON object or has no such member. With duplicate keys the last one wins, as in JSON.parse,
 * so the span is the value the parsed message holds.
 */
export function memberSpan(text: string, key: string): Span | undefined {
  const scan = new Scanner(text);
  scan.space();
  if (!scan.take('{')) return undefined;
  let found: Span | undefined;
  scan.space();
  if (scan.take('}')) return undefined;
  for (;;) {
    scan.space();
    const keyStart = scan.pos;
    if (!scan.string()) return undefined;
    const name = decodeKey(text.slice(keyStart, scan.pos));
    scan.space();
    if (!scan.take(':')) return undefined;
    scan.space();
    const start = scan.pos;
    if (!scan.value()) return undefined;
    if (name === key) found = { start, end: scan.pos };
    scan.space();
    if (scan.take(',')) continue;
    if (scan.take('}')) return found;
    return undefined;
  }
}

/** The exact text of the value of the top-level member `key` (see memberSpan). */
export function memberText(text: string, key: string): string | undefined {
  const span = memberSpan(text, key);
  return span === undefined ? undefined : text.slice(span.start, span.end);
}

function decodeKey(quoted: string): string | undefined {
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A forgiving cursor: each step says whether it matched, and a failed step means "not JSON". */
class Scanner {
  pos = 0;

  constructor(private readonly text: string) {}

  space(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text.charAt(this.pos))) this.pos++;
  }

  take(char: string): boolean {
    if (this.text.charAt(this.pos) !== char) return false;
    this.pos++;
    return true;
  }

  string(): boolean {
    if (!this.take('"')) return false;
    while (this.pos < this.text.length) {
      const c = this.text.charAt(this.pos++);
      if (c === '\\') this.pos++;
      else if (c === '"') return true;
    }
    return false;
  }

  /** Skips one value of any kind; containers by bracket depth, strings kept whole. */
  value(): boolean {
    const c = this.text.charAt(this.pos);
    if (c === '"') return this.string();
    if (c === '{' || c === '[') return this.container();
    const start = this.pos;
    while (this.pos < this.text.length && /[-+.0-9a-zA-Z]/.test(this.text.charAt(this.pos))) this.pos++;
    return this.pos > start;
  }

  private container(): boolean {
    const closers: string[] = [];
    while (this.pos < this.text.length) {
      const c = this.text.charAt(this.pos);
      if (c === '"') {
        if (!this.string()) return false;
        continue;
      }
      this.pos++;
      if (c === '{') closers.push('}');
      else if (c === '[') closers.push(']');
      else if (c === '}' || c === ']') {
        if (closers.pop() !== c) return false;
        if (closers.length === 0) return true;
      }
    }
    return false;
  }
}
