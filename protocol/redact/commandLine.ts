/** Rules on a command line: flags, assignments, and the wrappers (`env`, shells) that hold another command line. */

import type { RedactionRule } from './marker.js';
import { isCredentialName } from './names.js';
import type { Span } from './spans.js';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish']);
/** `env`'s options that take a value (the value of -S is itself a command line). */
const ENV_VALUE_OPTIONS = new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']);
const SHORT_SECRET_FLAGS = new Set(['t', 'k', 'p']);

function programName(arg: string): string {
  const base = arg.split(/[\\/]/).at(-1) ?? arg;
  return base.toLowerCase().replace(/\.exe$/, '');
}

/** Spans per element of argv (argv[0] being the program), each relative to its element. */
export function analyzeArgv(argv: readonly string[]): Span[][] {
  const spans = argv.map((): Span[] => []);
  analyzeFrom(argv, 0, spans);
  return spans;
}

function analyzeFrom(argv: readonly string[], from: number, spans: Span[][]): void {
  const arg = (i: number): string => argv[i] ?? '';
  const whole = (i: number, rule: RedactionRule, start = 0): void => {
    if (arg(i).length > start) spans[i]?.push({ start, end: arg(i).length, rule });
  };
  const script = (i: number): void => {
    const tokens = tokenizeLine(arg(i));
    spans[i]?.push(...mapTokenSpans(arg(i), tokens, analyzeArgv(tokens.map((t) => t.value))));
  };

  let i = from;
  // NAME=v before a command: a shell line, or a whole command line typed into the command field.
  for (let m = ASSIGNMENT.exec(arg(i)); i < argv.length && m; m = ASSIGNMENT.exec(arg(++i))) whole(i, 'assignment', m[0].length);
  if (i >= argv.length) return;
  const program = programName(arg(i));

  if (program === 'env') {
    let j = i + 1;
    for (; j < argv.length; j++) {
      const a = arg(j);
      if (a === '--') {
        j++;
        break;
      }
      if (!a.startsWith('-')) break;
      if (ENV_VALUE_OPTIONS.has(a)) {
        if (a === '-S' || a === '--split-string') script(j + 1);
        j++;
      }
    }
    analyzeFrom(argv, j, spans);
    return;
  }

  for (let j = i + 1; j < argv.length; j++) {
    const a = arg(j);
    const next = j + 1 < argv.length ? arg(j + 1) : undefined;
    const takesNext = next !== undefined && !next.startsWith('--');

    if (SHELLS.has(program) && /^-[A-Za-z]*c[A-Za-z]*$/.test(a) && next !== undefined) {
      script(j + 1);
      j++;
      continue;
    }
    const withValue = /^(--?)([A-Za-z][\w.-]*)=/.exec(a);
    if (withValue) {
      const [prefix, dashes = '', name = ''] = withValue;
      const rest = a.slice(prefix.length);
      const envLike = (name === 'env' || name === 'e') && ASSIGNMENT.exec(rest);
      if (envLike) whole(j, 'assignment', prefix.length + envLike[0].length);
      else if (isCredentialName(name) || (dashes === '-' && SHORT_SECRET_FLAGS.has(name) && !(name === 'p' && /^\d+$/.test(rest))))
        whole(j, 'flag', prefix.length);
      continue;
    }
    if ((a === '-e' || a === '--env') && next !== undefined) {
      const m = ASSIGNMENT.exec(next);
      if (m) {
        whole(j + 1, 'assignment', m[0].length);
        j++;
      }
      continue;
    }
    const short = /^-([A-Za-z])$/.exec(a)?.[1];
    if (short !== undefined) {
      if (SHORT_SECRET_FLAGS.has(short) && takesNext && !(short === 'p' && /^\d+$/.test(next))) {
        whole(j + 1, 'flag');
        j++;
      }
      continue;
    }
    const long = /^--?([A-Za-z][\w.-]+)$/.exec(a)?.[1];
    if (long !== undefined) {
      if (isCredentialName(long) && !/^no[-_]/i.test(long) && takesNext) {
        whole(j + 1, 'flag');
        j++;
      }
      continue;
    }
    const assigned = ASSIGNMENT.exec(a);
    if (assigned && isCredentialName(assigned[1] ?? '')) whole(j, 'assignment', assigned[0].length);
  }
}

// --- a command line inside one string --------------------------------------------------------

export interface Token {
  value: string;
  start: number;
  end: number;
}

/** Splits a shell-like line on whitespace, honouring quotes and backslashes (no expansion). */
export function tokenizeLine(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i] ?? '')) i++;
    if (i >= line.length) break;
    const start = i;
    let value = '';
    let quote: string | undefined;
    for (; i < line.length; i++) {
      const c = line[i] ?? '';
      if (quote) {
        if (c === quote) quote = undefined;
        else if (c === '\\' && quote === '"' && i + 1 < line.length) value += line[++i] ?? '';
        else value += c;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '\\' && i + 1 < line.length) value += line[++i] ?? '';
      else if (/\s/.test(c)) break;
      else value += c;
    }
    tokens.push({ value, start, end: i });
  }
  return tokens;
}

/** Spans found in tokens' values, placed back in the line the tokens came from. */
export function mapTokenSpans(line: string, tokens: Token[], spans: Span[][]): Span[] {
  const out: Span[] = [];
  tokens.forEach((token, t) => {
    const raw = line.slice(token.start, token.end);
    for (const span of spans[t] ?? []) {
      if (raw === token.value) {
        out.push({ start: token.start + span.start, end: token.start + span.end, rule: span.rule });
        continue;
      }
      // Quotes or escapes moved things: find the value itself, or else take the whole token.
      const value = token.value.slice(span.start, span.end);
      const at = raw.indexOf(value);
      out.push(
        at !== -1
          ? { start: token.start + at, end: token.start + at + value.length, rule: span.rule }
          : { start: token.start, end: token.end, rule: span.rule },
      );
    }
  });
  return out;
}
