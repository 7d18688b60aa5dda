import { describe, it, expect } from 'vitest';
import { tourSchema, type Tour } from '../../../../protocol/tour/format.js';
import { createPlayer, update } from '../../../../protocol/tour/player.js';
import { messageMethod, noteLookup, showFromPlayer, showFromWire } from './stepShow.js';

const tour: Tour = tourSchema.parse({
  format: 'mcp-lens-tour',
  version: 1,
  title: 'T',
  connections: { h: { flow: 'handshake' } },
  notes: [
    { at: '$.id', text: 'sent id', dir: 'sent', origin: 'jsonrpc' },
    { at: '$.result.action', text: 'the answer to the question', method: 'elicitation/create', origin: 'mcp' },
    { at: '$.result.content', text: 'the tool answered', method: 'tools/call', origin: 'mcp' },
  ],
  steps: [
    {
      id: 'ask',
      title: 'call',
      connection: 'h',
      send: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'confirm' } },
      wait: { method: 'elicitation/create' },
    },
    {
      id: 'answer',
      title: 'answer',
      connection: 'h',
      send: { jsonrpc: '2.0', id: { $ref: 'ask#$.id' }, result: { action: 'accept' } },
      wait: { response: 'ask' },
      expect: [{ at: '$.result.content[0].text', equals: 'done', pass: 'It finished.' }],
    },
  ],
});

const sent = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'confirm' } },
  { jsonrpc: '2.0', id: 0, result: { action: 'accept' } },
];
const outcomes = [
  { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: {} },
  { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } },
];
const messages = { sentOf: (i: number) => sent[i], outcomeOf: (i: number) => outcomes[i] };

describe('messageMethod', () => {
  it("is a message's own method, or for a response the method of the request it answers", () => {
    expect(messageMethod(tour, 0, sent[0], 'sent', messages)).toBe('tools/call');
    expect(messageMethod(tour, 0, outcomes[0], 'received', messages)).toBe('elicitation/create');
    // The client's answer to the server's question: the question's method.
    expect(messageMethod(tour, 1, sent[1], 'sent', messages)).toBe('elicitation/create');
    // The response a step waits for, to an earlier step's request.
    expect(messageMethod(tour, 1, outcomes[1], 'received', messages)).toBe('tools/call');
    expect(messageMethod(tour, 1, 'not an object', 'received', messages)).toBeUndefined();
  });

  it("gives notes filtered by method to a response's fields", () => {
    const answerNotes = noteLookup(tour, 1, sent[1], 'sent', messageMethod(tour, 1, sent[1], 'sent', messages));
    expect(answerNotes(['result', 'action'])?.text).toBe('the answer to the question');
    expect(answerNotes(['id'])?.text).toBe('sent id');
    const outcomeNotes = noteLookup(tour, 1, outcomes[1], 'received', 'tools/call');
    expect(outcomeNotes(['result', 'content'])).toMatchObject({ text: 'the tool answered', origin: 'mcp' });
    expect(outcomeNotes(['id'])).toBeUndefined();
  });
});

describe('what a step shows', () => {
  it("from the player: before sending, the message with the connection's id and its refs filled", () => {
    let state = createPlayer(tour);
    expect(showFromPlayer(state, 0)).toMatchObject({ status: 'unsent', preview: { ok: true, message: { id: 1, method: 'tools/call' } } });
    // Step 2's ref cannot be filled before step 1 has its outcome: said, not thrown.
    expect(showFromPlayer(state, 1).preview).toMatchObject({ ok: false });
    state = update(state, { type: 'next' }).state;
    state = update(state, { type: 'received', connection: 'h', text: JSON.stringify(outcomes[0]) }).state;
    const shown = showFromPlayer(state, 0);
    expect(shown).toMatchObject({ status: 'done', sent: { id: 1 }, outcome: { method: 'elicitation/create' } });
    expect(shown.preview).toBeUndefined();
    expect(showFromPlayer(state, 1).preview).toMatchObject({ ok: true, message: { id: 0, result: { action: 'accept' } } });
  });

  it('from the wire, for a follower: the preview until sent, waiting until the outcome, then the checks run here', () => {
    const preview = JSON.stringify(sent[1]);
    expect(showFromWire(tour, 1, { preview })).toMatchObject({ status: 'unsent', preview: { ok: true, message: sent[1] } });
    expect(showFromWire(tour, 1, { preview, sent: JSON.stringify(sent[1]) })).toMatchObject({ status: 'waiting', sent: sent[1] });
    const done = showFromWire(tour, 1, { sent: JSON.stringify(sent[1]), outcome: JSON.stringify(outcomes[1]) });
    expect(done).toMatchObject({ status: 'done', outcome: outcomes[1] });
    expect(done.checks).toEqual([expect.objectContaining({ ok: true, text: 'It finished.' })]);
    expect(done.preview).toBeUndefined();
  });
});
