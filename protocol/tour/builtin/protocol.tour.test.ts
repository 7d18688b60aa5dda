// The built-in tour reads with the tour reader and says what the workshop teaches: the eight
// rounds and the input round in the handshake flow, the same in the stateless flow with the
// envelope on every request, then what changed, the exercise, and the figures. That it plays
// against the real demo server, and that every field it shows has a note, is
// demo/builtinTour.test.ts.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import schema from '../../../docs/tour.schema.json' with { type: 'json' };
import tourText from './protocol.tour.yaml?raw';
import type { Tour, TourStep } from '../format.js';
import { readTour } from '../parse.js';
import { isRequest } from '../refs.js';
import { stepConnection } from '../steps.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'workshop-client', version: '1.0.0' },
};

/** The eight rounds, then the call that asks a question, as the Compare tab's scenario has them. */
const ROUNDS = [
  ['tools/list', undefined],
  ['tools/call', { name: 'echo', arguments: { message: 'Hello from MCP client!' } }],
  ['tools/call', { name: 'add', arguments: { a: 42, b: 58 } }],
  ['resources/list', undefined],
  ['resources/read', { uri: 'info://server-info' }],
  ['prompts/list', undefined],
  [
    'prompts/get',
    {
      name: 'summarize',
      arguments: { text: 'MCP defines a standard protocol for connecting AI models to tools and data sources.', max_words: '20' },
    },
  ],
  ['tools/call', { name: 'confirm_action', arguments: { action: 'deploy the demo' } }],
] as const;

function read(): Tour {
  const result = readTour(tourText, 'protocol.tour.yaml');
  if (!result.ok) throw new Error(result.error);
  return result.tour;
}

const tour = read();
const step = (id: string): TourStep => {
  const found = tour.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};
const onConnection = (name: string): TourStep[] => tour.steps.filter((_, i) => stepConnection(tour, i) === name);
const methodAndParams = (s: TourStep): [unknown, unknown] => [s.send?.method, s.send?.params];

describe('the built-in tour', () => {
  it('reads with the tour reader, on the demo server, with a handshake and a stateless connection', () => {
    expect(readTour(tourText, 'protocol.tour.yaml')).toMatchObject({ ok: true });
    expect(tour.server).toEqual({ demo: true });
    expect(Object.entries(tour.connections).map(([name, c]) => [name, c.flow])).toEqual([
      ['handshake', 'handshake'],
      ['stateless', 'stateless'],
    ]);
  });

  it('follows docs/tour.schema.json, the schema editors check it against', () => {
    const validate = new Ajv2020({ strictSchema: true, strictTypes: false, strictRequired: false, validateFormats: false }).compile(schema);
    expect(validate(parseYaml(tourText, { maxAliasCount: 1000 })), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the handshake flow: initialize, initialized, the eight rounds, the answer to the server’s question by its id, then a task', () => {
    const steps = onConnection('handshake');
    expect(steps.map((s) => s.send?.method)).toEqual([
      'initialize',
      'notifications/initialized',
      ...ROUNDS.map(([method]) => method),
      undefined,
      'tools/call',
      'tasks/result',
      undefined,
    ]);
    expect(steps.slice(2, 10).map((s) => [s.send?.method, s.send?.params])).toEqual(ROUNDS.map(([method, params]) => [method, params]));
    expect(step('hs-initialize').send?.params).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: { form: {} } },
    });
    expect(step('hs-confirm').wait).toEqual({ method: 'elicitation/create' });
    expect(step('hs-answer')).toMatchObject({
      send: { id: { $ref: 'hs-confirm#$.id' }, result: { action: 'accept', content: { confirm: true } } },
      wait: { response: 'hs-confirm' },
    });
  });

  it('the task: research called with params.task, tasks/result for the task the answer named, its question answered by its id', () => {
    expect(step('hs-task').send?.params).toMatchObject({ name: 'research', task: { ttl: 60000 } });
    expect(step('hs-task-result')).toMatchObject({
      send: { method: 'tasks/result', params: { taskId: { $ref: 'hs-task#$.result.task.taskId' } } },
      wait: { method: 'elicitation/create' },
    });
    expect(step('hs-task-answer')).toMatchObject({
      send: { id: { $ref: 'hs-task-result#$.id' }, result: { action: 'accept', content: { depth: 'thorough' } } },
      wait: { response: 'hs-task-result' },
    });
  });

  it('the stateless flow: server/discover, the same rounds with the envelope, the retry with inputResponses and requestState, the exercise', () => {
    const steps = onConnection('stateless');
    const withoutMeta = (s: TourStep): [unknown, unknown] => {
      const [method, params] = methodAndParams(s);
      const { _meta, ...rest } = (params ?? {}) as Record<string, unknown>;
      expect(_meta, `${s.id ?? s.title} carries the envelope`).toEqual(ENVELOPE);
      return [method, Object.keys(rest).length === 0 ? undefined : rest];
    };
    expect(steps.map((s) => s.id)).toEqual([
      'sl-discover',
      'sl-tools-list',
      'sl-echo',
      'sl-add',
      'sl-resources-list',
      'sl-resources-read',
      'sl-prompts-list',
      'sl-prompts-get',
      'sl-confirm',
      'sl-retry',
      'exercise-version',
    ]);
    expect(withoutMeta(step('sl-discover'))).toEqual(['server/discover', undefined]);
    expect(steps.slice(1, 9).map(withoutMeta)).toEqual(ROUNDS.map(([method, params]) => [method, params]));
    expect(withoutMeta(step('sl-retry'))).toEqual([
      'tools/call',
      {
        name: 'confirm_action',
        arguments: { action: 'deploy the demo' },
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: { $ref: 'sl-confirm#$.result.requestState' },
      },
    ]);
  });

  it('the exercise is a valid request as written; its check wants -32022 and has words for either outcome', () => {
    const exercise = step('exercise-version');
    expect(exercise.exercise).toContain('1999-01-01');
    expect(exercise.send?.params).toEqual({ name: 'add', arguments: { a: 42, b: 58 }, _meta: ENVELOPE });
    expect(exercise.expect).toEqual([{ at: '$.error.code', equals: -32022, pass: expect.any(String), fail: expect.any(String) }]);
    expect(exercise.expect[0]?.fail).toContain('1999-01-01');
  });

  it('every step has words; every request a step sends has checks; what changed comes after both flows and the figures come last', () => {
    expect(tour.steps.filter((s) => s.text.trim() === '').map((s) => s.title)).toEqual([]);
    const unchecked = tour.steps.filter((s) => (isRequest(s.send) || s.wait !== undefined) && s.expect.length === 0);
    expect(unchecked.map((s) => s.id)).toEqual([]);
    const ids = tour.steps.map((s) => s.id);
    expect(ids[0]).toBe('welcome');
    const lastStateless = ids.indexOf('sl-retry');
    for (const id of ['changed-envelope', 'changed-discover', 'changed-result-type', 'exercise-version', 'changed-input'])
      expect(ids.indexOf(id), id).toBeGreaterThan(lastStateless);
    expect(tour.steps.at(-1)).toMatchObject({ id: 'figures', figures: true });
    expect(tour.steps.filter((s) => s.figures).length).toBe(1);
  });

  it('the notes tell JSON-RPC’s fields from MCP’s and say where the version and the capabilities live in each flow', () => {
    const origin = (at: string, filter: Partial<Record<'method' | 'flow' | 'dir', string>> = {}): string | undefined =>
      tour.notes.find((n) => n.at === at && Object.entries(filter).every(([k, v]) => n[k as 'method' | 'flow' | 'dir'] === v))?.origin;
    for (const at of ['$.jsonrpc', '$.id', '$.method', '$.result', '$.error', '$.error.code', '$.error.message', '$.error.data'])
      expect(origin(at), at).toBe('jsonrpc');
    expect(origin('$.params.protocolVersion', { method: 'initialize' })).toBe('handshake');
    expect(origin('$.params.capabilities', { method: 'initialize' })).toBe('handshake');
    expect(origin('$.params._meta["io.modelcontextprotocol/protocolVersion"]')).toBe('stateless');
    expect(origin('$.params._meta["io.modelcontextprotocol/clientCapabilities"]')).toBe('stateless');
    expect(origin('$.result.resultType')).toBe('stateless');
    const isError = tour.notes.find((n) => n.at === '$.result.isError');
    expect(isError?.text).toMatch(/`error`/);
  });
});
