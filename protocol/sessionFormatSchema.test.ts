// docs/session-format.schema.json and the reader (zod, in sessionFile.ts) accept the same
// documents: every field of a full session file is deleted, emptied and given each wrong type in
// turn, and both must give the same verdict on each result. `format` is an annotation in JSON
// Schema 2020-12, so formats are not asserted. One difference is by design and documented: the
// reader also refuses a document nested past MAX_JSON_DEPTH, which no schema can say.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import schema from '../docs/session-format.schema.json' with { type: 'json' };
import sessionFormatDoc from '../docs/session-format.md?raw';
import type { BridgeEvent } from './envelope.js';
import { NOTE_TOPICS } from './noteTopics.js';
import { COMPARE_TOPICS } from './compare.js';
import { REPLAY_TOPICS } from './replay/notes.js';
import { TOUR_TOPICS } from './tour/journal.js';
import { parseSessionValue } from './sessionFile.js';

const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, strictRequired: false, validateFormats: false });
const schemaAccepts = ajv.compile(schema);
const readerAccepts = (doc: unknown): boolean => parseSessionValue(doc).ok;

/** A file with every kind of event and every optional field present at least once. */
function fullFile(): Record<string, unknown> {
  let seq = 0;
  const ev = (event: Record<string, unknown>): BridgeEvent => ({ seq: seq++, t: 1_795_999_212_345.5 + seq, ...event }) as BridgeEvent;
  const config = { command: 'node', args: ['server.js', '--token=[redacted]'], env: { API_KEY: '[redacted]' }, cwd: '/srv' };
  const http = {
    transport: 'http',
    url: 'https://example.com/mcp?token=[redacted]',
    headers: { Authorization: 'Bearer [redacted]' },
    timeoutMs: 30_000,
    oauth: { clientId: 'lens', clientSecret: '[redacted]' },
  };
  const events = [
    ev({ kind: 'notice', level: 'info', message: 'bridge listening' }),
    ev({ conn: 'c1', kind: 'note', topic: NOTE_TOPICS.connecting, data: { choice: 'auto', capabilities: {} } }),
    ev({ conn: 'c1', kind: 'spawn', config, pid: 4242, label: 'demo' }),
    ev({ conn: 'c1', kind: 'line', stream: 'stdin', text: '{}', eol: '\n', size: 2 }),
    ev({ conn: 'c1', kind: 'line', stream: 'stdout', b64: '/w==', eol: '', size: 1 }),
    ev({ kind: 'note', topic: COMPARE_TOPICS.done, data: { id: 'x' } }),
    ev({ conn: 'c1', kind: 'note', topic: 'session.flag', data: null }),
    ev({ conn: 'c1', kind: 'stop', step: 'sigterm', reason: 'idle' }),
    ev({ conn: 'c1', kind: 'exit', code: null, signal: 'SIGTERM', requested: true }),
    ev({ conn: 'c2', kind: 'spawn-error', config: { command: 'nope', args: [], env: {} }, code: 'ENOENT', message: 'spawn nope ENOENT' }),
    ev({ conn: 'h1', kind: 'spawn', config: http }),
    ev({ conn: 'h1', kind: 'http', req: 'r1', phase: 'request', method: 'POST', url: http.url, headers: { Accept: 'application/json' } }),
    ev({ conn: 'h1', kind: 'line', stream: 'stdin', text: '{}', eol: '', size: 2 }),
    ev({
      conn: 'h1',
      kind: 'http',
      req: 'r1',
      phase: 'response',
      status: 200,
      headers: { 'mcp-session-id': 's' },
      contentType: 'text/event-stream',
    }),
    ev({ conn: 'h1', kind: 'http', req: 'r1', phase: 'sse-event', id: '7', event: 'message', retry: 500, size: 2 }),
    ev({ conn: 'h1', kind: 'http', req: 'r1', phase: 'end', how: 'cut', bytes: 40 }),
    ev({ conn: 'h1', kind: 'http', req: 'r2', phase: 'error', code: 'redirect', message: 'HTTP 307 to http://elsewhere/: not followed' }),
    ev({
      conn: 'h1',
      kind: 'auth',
      run: 'a1',
      req: 'r1',
      step: 'token',
      phase: 'request',
      text: 'the authorization code for a token',
      http: {
        method: 'POST',
        url: 'https://as.example/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'code=[redacted]',
      },
      status: 200,
      spec: { text: 'PKCE', url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization' },
      authorizationUrl: 'https://as.example/authorize',
      held: true,
    }),
  ];
  return {
    format: 'mcp-lens-session',
    version: 1,
    createdAt: '2026-12-01T00:00:00.000Z',
    producer: { name: 'mcp-lens', version: '0.1.0' },
    connections: [
      { conn: 'c1', label: 'demo', config, flow: 'stateless', protocolVersion: '2026-07-28' },
      { conn: 'h1', config: http, flow: 'handshake' },
    ],
    events,
  };
}

type Path = Array<string | number>;

/** Every path to a value inside the document (the root excluded). */
function paths(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const out: Path[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...at, Array.isArray(value) ? Number(key) : key];
    out.push(path, ...paths(child, path));
  }
  return out;
}

const REMOVE = Symbol('remove');
function mutate(doc: unknown, path: Path, to: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (to !== REMOVE) parent[last] = to;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

const REPLACEMENTS: unknown[] = [REMOVE, null, 0, -1, 1.5, '', 'x', true, [], {}, ['x'], { extra: 1 }, 'x'.repeat(201)];

describe('docs/session-format.schema.json and parseSessionValue', () => {
  it('both accept a full file, and files with fields they do not know', () => {
    const doc = fullFile();
    expect(schemaAccepts(doc), JSON.stringify(schemaAccepts.errors)).toBe(true);
    expect(readerAccepts(doc)).toBe(true);
    for (const extra of [
      [],
      ['producer'],
      ['connections', 0],
      ['connections', 0, 'config'],
      ['events', 2],
      ['events', 2, 'config'],
      ['connections', 1, 'config'],
      ['events', 12],
    ] as Path[]) {
      const target = extra.length === 0 ? doc : (mutate(doc, [...extra, 'futureField'], 1) as Record<string, unknown>);
      const withExtra = extra.length === 0 ? { ...target, futureField: 1 } : target;
      expect([schemaAccepts(withExtra), readerAccepts(withExtra)], extra.join('.')).toEqual([true, true]);
    }
  });

  it('give the same verdict on every field deleted or replaced by each kind of wrong value', () => {
    const doc = fullFile();
    const disagreements: string[] = [];
    let refusedByBoth = 0;
    for (const path of paths(doc)) {
      for (const to of REPLACEMENTS) {
        const changed = mutate(doc, path, to);
        const bySchema = schemaAccepts(changed);
        const byReader = readerAccepts(changed);
        if (bySchema !== byReader)
          disagreements.push(
            `${path.join('.')} = ${to === REMOVE ? '(removed)' : JSON.stringify(to)}: schema ${bySchema}, reader ${byReader}`,
          );
        else if (!bySchema) refusedByBoth++;
      }
    }
    expect(disagreements).toEqual([]);
    // The mutations do reach refusals: a test where everything passed would prove nothing.
    expect(refusedByBoth).toBeGreaterThan(200);
  });

  it('agree on the kinds of document people hand it by mistake', () => {
    const docs: unknown[] = [
      null,
      [],
      'x',
      1,
      {},
      { ...fullFile(), version: 2 },
      { ...fullFile(), format: 'har' },
      { log: { entries: [] } },
    ];
    for (const doc of docs) expect([schemaAccepts(doc), readerAccepts(doc)], JSON.stringify(doc).slice(0, 80)).toEqual([false, false]);
  });

  it('name the same note topics as the code and the Notes table of docs/session-format.md', () => {
    const code = [
      ...Object.values(NOTE_TOPICS),
      ...Object.values(COMPARE_TOPICS),
      ...Object.values(REPLAY_TOPICS),
      ...Object.values(TOUR_TOPICS),
    ].sort();
    const table = [...sessionFormatDoc.matchAll(/^\| `([a-z][\w.]*)` +\|/gm)].map((m) => m[1]).sort();
    expect(table, 'docs/session-format.md, the Notes table').toEqual(code);
    expect([...noteTopicExamples(schema)].sort(), 'docs/session-format.schema.json, the examples of a note topic').toEqual(code);
  });
});

/** The `examples` of the note event's `topic`, wherever the schema defines it. */
function noteTopicExamples(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const topic = (record.properties as Record<string, { examples?: unknown }> | undefined)?.topic;
  if (Array.isArray(topic?.examples)) return topic.examples as string[];
  return Object.values(record).flatMap(noteTopicExamples);
}
