/**
 * What the detail pane says about a row, and what its copy buttons copy: pure, over RowDetail.
 * A spec link is only ever a page of the MCP specification (or of an official extension, such as
 * Tasks since 2026-07-28), whatever a finding carries.
 */
import type { RowDetail, TimelineRow } from '../../../../protocol/timeline/contract.js';
import { base64Decode } from '../../../../protocol/bytes.js';
import { classifyText, errorCodeName } from '../../../../protocol/jsonrpc.js';
import { ruleInfo, specFor } from '../../../../protocol/lint/rules.js';
import { STATELESS_VERSION } from '../../../../protocol/flows.js';
import { byteSegments } from './lineText.js';
import { formatDuration } from './format.js';

type Line = RowDetail['lines'][number];

const SPEC_PAGES = ['https://modelcontextprotocol.io/specification/', 'https://modelcontextprotocol.io/extensions/'];

/** The spec page a finding rests on, in the revision its connection speaks; undefined rather than a link elsewhere. */
export function specLink(finding: { rule: string; spec?: string | undefined }, revision: string | undefined): string | undefined {
  const spec = finding.spec;
  if (spec !== undefined) return SPEC_PAGES.some((prefix) => spec.startsWith(prefix)) ? spec : undefined;
  try {
    const flow = revision === undefined ? undefined : revision >= STATELESS_VERSION ? 'stateless' : 'handshake';
    return specFor(ruleInfo(finding.rule), flow);
  } catch {
    return undefined;
  }
}

/** The exact bytes of a line (without its end). */
export function lineBytesOf(line: Line): Uint8Array {
  return line.text !== undefined ? new TextEncoder().encode(line.text) : base64Decode(line.b64 ?? '');
}

/** A line as text: itself when UTF-8, else with each bad byte as \xNN. */
export function lineAsText(line: Line): string {
  return (
    line.text ??
    byteSegments(lineBytesOf(line))
      .map((s) => s.text)
      .join('')
  );
}

/** What a line is in JSON-RPC terms, in a few words. */
export function lineRole(line: Line): string {
  if (line.stream === 'stderr') return 'stderr';
  if (line.text === undefined) return 'not valid UTF-8';
  // Classifying parses: a huge line is named by its size instead.
  if (line.text.length > 2_000_000) return 'line';
  const c = classifyText(line.text);
  switch (c.kind) {
    case 'request':
      return `request ${c.method}`;
    case 'notification':
      return c.method === 'notifications/progress'
        ? 'progress'
        : c.method === 'notifications/cancelled'
          ? 'cancel'
          : `notification ${c.method}`;
    case 'result':
      return 'result';
    case 'error':
      return `error ${c.error.code} ${errorCodeName(c.error.code)}`;
    case 'batch':
      return 'batch (not allowed)';
    case 'invalid':
      return `invalid: ${c.reason}`;
    case 'non-json':
      return 'not JSON';
  }
}

/** What became of a row, in a sentence. */
export function statusSentence(row: TimelineRow): string {
  // An authorization step has no JSON-RPC answer: its verdict is its own sentence (AuthStepDetail).
  if (row.kind === 'auth') return row.status === 'error' ? 'this step of the authorization failed' : '';
  const after = row.t1 !== undefined && row.kind === 'request' ? ` after ${formatDuration(row.t1 - row.t0) || '0 ms'}` : '';
  switch (row.status) {
    case 'pending':
      return 'waiting for an answer';
    case 'ok':
      return `answered with a result${after}`;
    case 'error':
      return `answered with a JSON-RPC error${after}`;
    case 'isError':
      return `answered with a tool error (isError: true)${after}`;
    case 'input_required':
      return `answered input_required${after}: the client is asked for input before another round`;
    case 'timeout':
      return `timed out${after}`;
    case 'cancelled':
      return `cancelled${after}`;
    case 'unanswered':
      return 'never answered: the connection ended first';
    case 'orphan':
      return 'a response to no request seen on this connection';
    case 'invalid':
      return row.kind === 'request' ? `answered with an invalid response${after}` : 'not a valid JSON-RPC message';
    case 'none':
      return '';
  }
}

export interface ProgressStep {
  t: number;
  progress: number;
  total?: number;
  message?: string;
}

export function progressSteps(detail: RowDetail): ProgressStep[] {
  const out: ProgressStep[] = [];
  for (const line of detail.lines) {
    const message = record(line.json);
    if (message.method !== 'notifications/progress') continue;
    const params = record(message.params);
    if (typeof params.progress !== 'number') continue;
    out.push({
      t: line.t,
      progress: params.progress,
      ...(typeof params.total === 'number' ? { total: params.total } : {}),
      ...(typeof params.message === 'string' ? { message: params.message } : {}),
    });
  }
  return out;
}

/** "Copy as JSON": the message of a one-line row, or the row's messages in order. Non-JSON lines as their text. */
export function copyJson(detail: RowDetail): string {
  const messages = detail.lines.map((line) => (line.json !== undefined ? line.json : lineAsText(line)));
  const value = messages.length === 1 ? messages[0] : messages.length === 0 ? detail.events : messages;
  return JSON.stringify(value, null, 2) ?? '';
}

/** "Copy the raw line": the row's lines exactly as on the wire, one per line. */
export function copyLines(detail: RowDetail): string {
  if (detail.lines.length === 0) return detail.events.map((e) => JSON.stringify(e)).join('\n');
  return detail.lines.map(lineAsText).join('\n');
}

/** The request line of a row (its first line, sent by the client), parsed. */
export function requestOf(detail: RowDetail): unknown {
  const first = detail.lines[0];
  return first && first.stream === 'stdin' ? first.json : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
