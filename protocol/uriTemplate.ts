/**
 * RFC 6570 URI templates, levels 1–4: parsing a template into its expressions, listing its
 * variables, and expanding it with values. Pure; no dependency.
 *
 * A value is a string, a list of strings, or an associative array (a record, in insertion
 * order). Undefined values, empty lists and empty records are "undefined" in the RFC's sense:
 * the variable is skipped. A malformed expression is copied into the result as it was
 * written (RFC 6570 §3) and reported in `problems`.
 */

export type TemplateValue = string | readonly string[] | Readonly<Record<string, string>> | null | undefined;

export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface VarSpec {
  name: string;
  explode: boolean;
  /** The `:N` prefix length, when given. */
  prefix?: number;
}

export type TemplatePart =
  | { kind: 'literal'; text: string }
  | { kind: 'expression'; operator: Operator; vars: VarSpec[]; raw: string }
  | { kind: 'invalid'; raw: string; reason: string };

export interface TemplateVariable {
  name: string;
  operator: Operator;
  explode: boolean;
  prefix?: number;
}

interface OperatorRule {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  allowReserved: boolean;
}

const RULES: Record<Operator, OperatorRule> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', allowReserved: false },
};

const OPERATORS = new Set<string>(['+', '#', '.', '/', ';', '?', '&']);
/** Reserved by the RFC for future extensions: an expression starting with one is invalid. */
const FUTURE_OPERATORS = new Set<string>(['=', ',', '!', '@', '|']);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
const PREFIX = /^[1-9][0-9]{0,3}$/;

/** Splits a template into literals and expressions. Never throws. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) {
      literal += template.slice(i);
      break;
    }
    literal += template.slice(i, open);
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    const close = template.indexOf('}', open + 1);
    if (close === -1) {
      parts.push({ kind: 'invalid', raw: template.slice(open), reason: 'an expression is opened with { but never closed' });
      break;
    }
    parts.push(parseExpression(template.slice(open, close + 1)));
    i = close + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  return parts;
}

function parseExpression(raw: string): TemplatePart {
  let body = raw.slice(1, -1);
  if (body === '') return { kind: 'invalid', raw, reason: 'an empty expression' };
  let operator: Operator = '';
  const c = body[0] ?? '';
  if (OPERATORS.has(c)) {
    operator = c as Operator;
    body = body.slice(1);
  } else if (FUTURE_OPERATORS.has(c)) {
    return { kind: 'invalid', raw, reason: `the operator ${c} is reserved for future extensions` };
  }
  const vars: VarSpec[] = [];
  for (const spec of body.split(',')) {
    let name = spec;
    let explode = false;
    let prefix: number | undefined;
    if (name.endsWith('*')) {
      explode = true;
      name = name.slice(0, -1);
    } else {
      const colon = name.indexOf(':');
      if (colon !== -1) {
        const length = name.slice(colon + 1);
        if (!PREFIX.test(length)) return { kind: 'invalid', raw, reason: `the prefix length in ${JSON.stringify(spec)} must be 1 to 9999` };
        prefix = Number(length);
        name = name.slice(0, colon);
      }
    }
    if (!VARNAME.test(name)) return { kind: 'invalid', raw, reason: `${JSON.stringify(spec)} is not a valid variable name` };
    vars.push({ name, explode, ...(prefix === undefined ? {} : { prefix }) });
  }
  return { kind: 'expression', operator, vars, raw };
}

/** Each variable once, in the order of first appearance, with how its first use expands it. */
export function templateVariables(template: string): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const part of parseTemplate(template)) {
    if (part.kind !== 'expression') continue;
    for (const v of part.vars) {
      if (!seen.has(v.name))
        seen.set(v.name, {
          name: v.name,
          operator: part.operator,
          explode: v.explode,
          ...(v.prefix === undefined ? {} : { prefix: v.prefix }),
        });
    }
  }
  return [...seen.values()];
}

/** Why a template cannot be expanded exactly as written (empty when it is well formed). */
export function templateProblems(template: string): string[] {
  return parseTemplate(template).flatMap((p) => (p.kind === 'invalid' ? [`${p.raw}: ${p.reason}`] : []));
}

/** Expands a template with the given values (RFC 6570 §3). */
export function expandTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  let out = '';
  for (const part of parseTemplate(template)) {
    if (part.kind === 'literal') out += encodeLiteral(part.text);
    else if (part.kind === 'invalid') out += part.raw;
    else out += expandExpression(part.operator, part.vars, values);
  }
  return out;
}

function expandExpression(operator: Operator, vars: VarSpec[], values: Readonly<Record<string, TemplateValue>>): string {
  const rule = RULES[operator];
  const pieces: string[] = [];
  for (const spec of vars) {
    const value = Object.prototype.hasOwnProperty.call(values, spec.name) ? values[spec.name] : undefined;
    const piece = expandVar(rule, spec, value);
    if (piece !== undefined) pieces.push(piece);
  }
  return pieces.length === 0 ? '' : rule.first + pieces.join(rule.sep);
}

function expandVar(rule: OperatorRule, spec: VarSpec, value: TemplateValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  const enc = (s: string): string => encodeValue(s, rule.allowReserved);
  const name = spec.name;
  if (typeof value === 'string') {
    const cut = spec.prefix === undefined ? value : Array.from(value).slice(0, spec.prefix).join('');
    if (!rule.named) return enc(cut);
    return cut === '' ? name + rule.ifEmpty : `${name}=${enc(cut)}`;
  }
  const pairs: [string, string][] = isList(value) ? value.map((v) => ['', v]) : Object.entries(value);
  if (pairs.length === 0) return undefined;
  const list = isList(value);
  if (!spec.explode) {
    const joined = list ? pairs.map(([, v]) => enc(v)).join(',') : pairs.map(([k, v]) => `${enc(k)},${enc(v)}`).join(',');
    if (!rule.named) return joined;
    return joined === '' ? name + rule.ifEmpty : `${name}=${joined}`;
  }
  if (list) {
    if (!rule.named) return pairs.map(([, v]) => enc(v)).join(rule.sep);
    return pairs.map(([, v]) => (v === '' ? name + rule.ifEmpty : `${name}=${enc(v)}`)).join(rule.sep);
  }
  return pairs.map(([k, v]) => (v === '' ? enc(k) + rule.ifEmpty : `${enc(k)}=${enc(v)}`)).join(rule.sep);
}

function isList(value: readonly string[] | Readonly<Record<string, string>>): value is readonly string[] {
  return Array.isArray(value);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

/**
 * Percent-encodes a value as UTF-8: only unreserved characters pass (simple expansion), or
 * also reserved characters and existing %XX triplets (the + and # operators).
 */
export function encodeValue(value: string, allowReserved: boolean): string {
  let out = '';
  const chars = Array.from(value);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (UNRESERVED.test(ch)) out += ch;
    else if (allowReserved && RESERVED.test(ch)) out += ch;
    else if (allowReserved && ch === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) out += ch;
    else out += utf8Percent(ch);
  }
  return out;
}

/** Literal text: characters allowed anywhere in a URI are copied, the rest percent-encoded. */
function encodeLiteral(text: string): string {
  return encodeValue(text, true);
}

function utf8Percent(ch: string): string {
  // A lone surrogate cannot be UTF-8 encoded: encode U+FFFD instead, as TextEncoder does.
  const bytes = new TextEncoder().encode(ch);
  let out = '';
  for (const b of bytes) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}
