// Which note explains which field, and which fields have none.
import { describe, expect, it } from 'vitest';
import type { Tour } from './format.js';
import { fieldsWithoutNotes, notesFor } from './notes.js';
import { readTour } from './parse.js';

const TOUR = `format: mcp-lens-tour
version: 1
title: t
connections: { hs: { flow: handshake }, sl: { flow: stateless } }
notes:
  - { at: $.jsonrpc, text: JSON-RPC 2.0 always, origin: jsonrpc }
  - { at: $.id, text: any request id }
  - { at: $.id, text: the id of the answer, dir: received }
  - { at: $..name, text: a name anywhere }
  - { at: $.params.name, text: the tool to call, method: tools/call }
  - { at: $.params.name, text: later and as specific, method: tools/call }
  - { at: "$.params._meta[\\"io.modelcontextprotocol/protocolVersion\\"]", text: "the version, in the stateless flow", flow: stateless, origin: stateless }
steps:
  - title: call
    connection: hs
    send: { jsonrpc: "2.0", id: 1, method: tools/call, params: { name: echo, arguments: { name: x } } }
    notes:
      - { at: $.params.arguments, text: the step says arguments }
      - { at: $..name, text: the step's pattern }
`;

function tour(): Tour {
  const read = readTour(TOUR, 't.yaml');
  if (!read.ok) throw new Error(read.error);
  return read.tour;
}

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { name: 'x' } } };

describe('notesFor', () => {
  it('gives each field the note that wins, in document order', () => {
    const notes = notesFor(tour(), undefined, call, 'sent', 'handshake', 'tools/call');
    expect([...notes.entries()].map(([path, n]) => [path, n.note.text, n.from])).toEqual([
      ['$.jsonrpc', 'JSON-RPC 2.0 always', 'tour'],
      ['$.id', 'any request id', 'tour'],
      // Filtered by method beats the pattern; of two as specific, the later one.
      ['$.params.name', 'later and as specific', 'tour'],
      ['$.params.arguments.name', 'a name anywhere', 'tour'],
    ]);
    expect(notes.get('$.jsonrpc')).toMatchObject({ at: ['jsonrpc'], path: '$.jsonrpc', note: { origin: 'jsonrpc' } });
  });

  it("a step's own notes win over the tour's on the same field", () => {
    const notes = notesFor(tour(), 0, call, 'sent', 'handshake', 'tools/call');
    expect(notes.get('$.params.name')).toMatchObject({ from: 'step', note: { text: "the step's pattern" } });
    expect(notes.get('$.params.arguments')).toMatchObject({ from: 'step', note: { text: 'the step says arguments' } });
    expect(notes.get('$.jsonrpc')?.from).toBe('tour');
  });

  it('applies the filters: direction, flow and method', () => {
    const answer = { jsonrpc: '2.0', id: 1, result: {} };
    expect(notesFor(tour(), undefined, answer, 'received', 'handshake', 'tools/call').get('$.id')?.note.text).toBe('the id of the answer');
    const other = notesFor(tour(), undefined, { ...call, method: 'prompts/get' }, 'sent', 'handshake', 'prompts/get');
    expect(other.get('$.params.name')?.note.text).toBe('a name anywhere');
    const stateless = { ...call, params: { ...call.params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
    const key = '$.params._meta["io.modelcontextprotocol/protocolVersion"]';
    expect(notesFor(tour(), undefined, stateless, 'sent', 'stateless', 'tools/call').get(key)?.note.text).toBe(
      'the version, in the stateless flow',
    );
    expect(notesFor(tour(), undefined, stateless, 'sent', 'handshake', 'tools/call').has(key)).toBe(false);
  });
});

describe('fieldsWithoutNotes', () => {
  it('lists the fields no note explains', () => {
    expect(fieldsWithoutNotes(tour(), undefined, call, 'sent', 'handshake', 'tools/call')).toEqual([
      '$.method',
      '$.params',
      '$.params.arguments',
    ]);
    expect(fieldsWithoutNotes(tour(), 0, call, 'sent', 'handshake', 'tools/call')).toEqual(['$.method', '$.params']);
  });
});
