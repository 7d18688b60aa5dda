import { describe, expect, it } from 'vitest';
import type { RowDetail, TimelineRow } from '../../../../protocol/timeline/contract.js';
import { copyJson, copyLines, lineAsText, lineRole, progressSteps, requestOf, specLink, statusSentence } from './detailText.js';

const row: TimelineRow = {
  row: 4,
  kind: 'request',
  direction: 'out',
  method: 'tools/call',
  id: 3,
  status: 'ok',
  t0: 1000,
  t1: 1250,
  bytesOut: 10,
  bytesIn: 20,
  depth: 0,
  children: 0,
  findings: 0,
  summary: '',
  seqs: [1, 2, 3],
  events: 3,
};

const line = (seq: number, stream: 'stdin' | 'stdout' | 'stderr', text: string): RowDetail['lines'][number] => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { seq, t: 1000 + seq, stream, text, eol: '\n', ...(json === undefined ? {} : { json }) };
};

const detail: RowDetail = {
  row,
  lines: [
    line(1, 'stdin', '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow"}}'),
    line(
      2,
      'stdout',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":3,"progress":1,"total":2,"message":"half"}}',
    ),
    line(3, 'stdout', '{"jsonrpc":"2.0","id":3,"result":{"content":[]}}'),
  ],
  events: [],
  findings: [],
  childRows: [],
};

describe('the detail pane’s words', () => {
  it('links findings to the MCP spec only', () => {
    expect(specLink({ rule: 'x', spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic' }, undefined)).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic',
    );
    expect(specLink({ rule: 'x', spec: 'https://modelcontextprotocol.io/extensions/tasks/overview#task-lifecycle' }, undefined)).toBe(
      'https://modelcontextprotocol.io/extensions/tasks/overview#task-lifecycle',
    );
    expect(specLink({ rule: 'x', spec: 'https://modelcontextprotocol.io/blog/' }, undefined)).toBeUndefined();
    expect(specLink({ rule: 'x', spec: 'javascript:alert(1)' }, undefined)).toBeUndefined();
    expect(specLink({ rule: 'x', spec: 'https://modelcontextprotocol.io.evil.example/specification/' }, undefined)).toBeUndefined();
  });

  it('finds the page of the connection’s own revision when a finding carries none', () => {
    expect(specLink({ rule: 'stdout-non-json' }, '2025-11-25')).toContain('/2025-11-25/');
    expect(specLink({ rule: 'stdout-non-json' }, '2026-07-28')).toContain('/2026-07-28/');
    expect(specLink({ rule: 'no-such-rule' }, '2026-07-28')).toBeUndefined();
  });

  it('names each line by its JSON-RPC role', () => {
    expect(detail.lines.map(lineRole)).toEqual(['request tools/call', 'progress', 'result']);
    expect(lineRole(line(9, 'stdout', 'Server starting...'))).toBe('not JSON');
    expect(lineRole(line(9, 'stdout', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}'))).toBe(
      'error -32601 Method not found',
    );
    expect(lineRole({ seq: 1, t: 0, stream: 'stdout', b64: '/w==', eol: '\n' })).toBe('not valid UTF-8');
  });

  it('shows bytes that are not UTF-8 with escapes', () => {
    expect(lineAsText({ seq: 1, t: 0, stream: 'stdout', b64: btoa('ok\xff'), eol: '\n' })).toBe('ok\\xff');
  });

  it('says what became of a row', () => {
    expect(statusSentence(row)).toBe('answered with a result after 250 ms');
    expect(statusSentence({ ...row, status: 'invalid' })).toContain('invalid response');
    expect(statusSentence({ ...row, kind: 'invalid', status: 'invalid' })).toBe('not a valid JSON-RPC message');
    expect(statusSentence({ ...row, status: 'pending', t1: undefined })).toBe('waiting for an answer');
  });

  it('reads the progress steps', () => {
    expect(progressSteps(detail)).toEqual([{ t: 1002, progress: 1, total: 2, message: 'half' }]);
  });

  it('copies messages as JSON and lines exactly', () => {
    expect(JSON.parse(copyJson(detail))).toHaveLength(3);
    expect(JSON.parse(copyJson({ ...detail, lines: detail.lines.slice(0, 1) }))).toMatchObject({ method: 'tools/call' });
    expect(copyLines(detail).split('\n')).toEqual(detail.lines.map((l) => l.text));
    expect(requestOf(detail)).toMatchObject({ id: 3 });
    expect(requestOf({ ...detail, lines: detail.lines.slice(2) })).toBeUndefined();
  });
});
