// docs/tour.schema.json is what the reader's schema generates, and the two accept the same
// documents: every field of a full tour is deleted, emptied and given each wrong type in turn,
// and both must give the same verdict. What no JSON Schema can say (a $ref to an earlier step,
// unique ids, known connections, JSONPath syntax) is the reader's alone (parse.test.ts).
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import schema from '../../docs/tour.schema.json' with { type: 'json' };
import { tourSchema } from './format.js';
import { tourJsonSchema } from './schema.js';

const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, strictRequired: false, validateFormats: false });
const schemaAccepts = ajv.compile(schema);
const readerAccepts = (doc: unknown): boolean => tourSchema.safeParse(doc).success;

/** A tour with every field present at least once. */
function fullTour(): Record<string, unknown> {
  return {
    $schema: '../tour.schema.json',
    format: 'mcp-lens-tour',
    version: 1,
    title: 'Everything',
    summary: 'All the fields.',
    server: { command: 'node', args: ['server.js'], env: { DEBUG: '1' } },
    connections: { hs: { flow: 'handshake', label: 'Handshake' }, sl: { flow: 'stateless' } },
    notes: [{ at: '$.jsonrpc', text: 'Always 2.0', origin: 'jsonrpc', method: 'initialize', dir: 'sent', flow: 'handshake' }],
    steps: [
      {
        id: 'ask',
        title: 'Ask',
        text: 'A tool that asks.',
        connection: 'hs',
        send: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'confirm' } },
        wait: { method: 'elicitation/create' },
        exercise: 'Change the name.',
        expect: [{ at: '$.params.message', equals: 'Sure?', pass: 'It asked.', fail: 'It did not.' }],
        notes: [{ at: '$.params', text: 'What it asks' }],
        figures: true,
      },
      { title: 'Answer', connection: 'hs', send: { jsonrpc: '2.0', id: { $ref: 'ask#$.id' }, result: {} }, wait: { response: 'ask' } },
    ],
  };
}

type Path = Array<string | number>;

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

const REPLACEMENTS: unknown[] = [REMOVE, null, 0, -1, 1.5, 2, '', 'x', '$', 'a b', true, [], {}, ['x'], { extra: 1 }, 'x'.repeat(201)];

describe('docs/tour.schema.json and the reader', () => {
  it("the file is what the reader's schema generates (node scripts/tour-schema.mjs after a build writes it)", () => {
    expect(schema).toEqual(tourJsonSchema());
  });

  it('both accept a full tour, a tour on the demo server and the smallest tour', () => {
    const docs = [
      fullTour(),
      { ...fullTour(), server: { demo: true } },
      { format: 'mcp-lens-tour', version: 1, title: 't', connections: {}, steps: [{ title: 's' }] },
    ];
    for (const doc of docs) expect([schemaAccepts(doc), readerAccepts(doc)], JSON.stringify(schemaAccepts.errors)).toEqual([true, true]);
  });

  it('give the same verdict on every field deleted or replaced by each kind of wrong value', () => {
    const doc = fullTour();
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
      // A field neither knows, beside this one.
      const parentPath = path.slice(0, -1);
      const parent = parentPath.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], doc);
      if (typeof parent === 'object' && parent !== null && !Array.isArray(parent)) {
        const extra = mutate(doc, [...parentPath, 'futureField'], 1);
        if (schemaAccepts(extra) !== readerAccepts(extra)) disagreements.push(`${[...parentPath, 'futureField'].join('.')} added`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(refusedByBoth).toBeGreaterThan(200);
  });

  it('agree on the documents people hand it by mistake', () => {
    const docs: unknown[] = [
      null,
      [],
      'x',
      1,
      {},
      { ...fullTour(), version: 2 },
      { ...fullTour(), format: 'mcp-lens-session' },
      { ...fullTour(), steps: [] },
    ];
    for (const doc of docs) expect([schemaAccepts(doc), readerAccepts(doc)], JSON.stringify(doc).slice(0, 80)).toEqual([false, false]);
  });
});
