// Reading tour files: a good one in either syntax, and each kind of mistake named at its line and column.
import { describe, expect, it } from 'vitest';
import { problemText, readTour, tourSyntax, type TourRead } from './parse.js';

const GOOD = `format: mcp-lens-tour
version: 1
title: First call
connections:
  hs: { flow: handshake, label: Handshake }
notes:
  - at: $.jsonrpc
    text: Always "2.0".
    origin: jsonrpc
steps:
  - title: Welcome
    text: Words only.
  - id: init
    title: initialize
    send:
      jsonrpc: "2.0"
      id: 1
      method: initialize
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: x, version: "1" } }
    expect:
      - at: $.result.protocolVersion
        equals: "2025-11-25"
  - id: echo
    title: echo
    send: { jsonrpc: "2.0", id: 7, method: tools/call, params: { name: echo, arguments: { text: { $ref: "init#$.result.protocolVersion" } } } }
`;

/** The line number (1-based) of the first line of `text` containing `needle`. */
function lineOf(text: string, needle: string, from = 0): number {
  const lines = text.split('\n');
  const index = lines.findIndex((l, i) => i >= from && l.includes(needle));
  if (index < 0) throw new Error(`no line with ${needle}`);
  return index + 1;
}

function refused(read: TourRead): string {
  if (read.ok) throw new Error('expected the tour to be refused');
  return read.error;
}

describe('readTour', () => {
  it('reads a good tour in YAML, with the defaults filled in', () => {
    const read = readTour(GOOD, 'first.tour.yaml');
    if (!read.ok) throw new Error(read.error);
    expect(read.tour.title).toBe('First call');
    expect(read.tour.server).toEqual({ demo: true });
    expect(read.tour.steps).toHaveLength(3);
    expect(read.tour.steps[0]).toMatchObject({ title: 'Welcome', expect: [], notes: [], figures: false });
    expect(read.tour.steps[2]?.send).toMatchObject({ params: { arguments: { text: { $ref: 'init#$.result.protocolVersion' } } } });
  });

  it('reads the same tour as JSON', () => {
    const yaml = readTour(GOOD, 'first.tour.yaml');
    if (!yaml.ok) throw new Error(yaml.error);
    const json = readTour(JSON.stringify(yaml.tour, null, 2), 'first.tour.json');
    expect(json).toEqual(yaml);
    // Without a telling name, a text that starts with { is JSON.
    expect(tourSyntax('  {"a":1}', 'tour')).toBe('json');
    expect(tourSyntax('format: x', 'tour')).toBe('yaml');
    expect(readTour(JSON.stringify(yaml.tour), 'from-the-api').ok).toBe(true);
    // A byte order mark from an editor is skipped in either syntax.
    expect(readTour(`\uFEFF${JSON.stringify(yaml.tour)}`, 'bom.json').ok).toBe(true);
    expect(readTour(`\uFEFF${GOOD}`, 'bom.yaml').ok).toBe(true);
  });

  it('names the line and column of a YAML syntax error', () => {
    const text = GOOD.replace('  hs: { flow: handshake, label: Handshake }', '  hs: { flow: handshake, label: Handshake');
    expect(refused(readTour(text, 'tour.yaml'))).toMatch(/^tour\.yaml line \d+, column \d+: /);
    const tab = GOOD.replace('    title: initialize', '\ttitle: initialize');
    expect(refused(readTour(tab, 'tour.yaml'))).toMatch(new RegExp(`^tour\\.yaml line ${lineOf(tab, '\ttitle')}, column 1: `));
    const dup = GOOD.replace('    title: echo', '    title: echo\n    title: again');
    expect(refused(readTour(dup, 'tour.yaml'))).toBe(
      `tour.yaml line ${lineOf(dup, 'title: again')}, column 5: this key appears twice in the same mapping`,
    );
    expect(refused(readTour(`${GOOD}---\nformat: x\n`, 'tour.yaml'))).toMatch(/line \d+, column 1: a tour is one YAML document/);
    expect(refused(readTour('format: mcp-lens-tour\ntitle: *nowhere\n', 'tour.yaml'))).toMatch(/^tour\.yaml line 2, column 8: /);
  });

  it('names the line and column of a JSON syntax error', () => {
    const text = '{\n  "format": "mcp-lens-tour",\n  "version": 1,\n  "title": "x",\n}\n';
    expect(refused(readTour(text, 'tour.json'))).toBe("tour.json line 5, column 1: '}' after a comma (JSON allows no trailing comma)");
    expect(refused(readTour('{"format": "mcp-lens-tour"', 'tour.json'))).toMatch(/^tour\.json line 1, column 27: the text ends/);
  });

  it('says plainly when the file is no tour, or one for a newer reader', () => {
    expect(refused(readTour('', 'a.yaml'))).toBe('a.yaml: the file is empty');
    expect(refused(readTour('- 1\n- 2\n', 'a.yaml'))).toMatch(/^a\.yaml line 1, column 1: a tour is a mapping .*; this is a list$/);
    expect(refused(readTour('title: x\n', 'a.yaml'))).toBe(
      'a.yaml line 1, column 1: this is not an MCP Lens tour: it has no "format: mcp-lens-tour"',
    );
    expect(refused(readTour('title: x\nformat: mcp-lens-session\n', 'a.yaml'))).toBe(
      'a.yaml line 2, column 1: format: this is not an MCP Lens tour: format is "mcp-lens-session", a tour says "mcp-lens-tour"',
    );
    expect(refused(readTour(GOOD.replace('version: 1', 'version: 3'), 'a.yaml'))).toBe(
      'a.yaml line 2, column 1: version: written for a newer MCP Lens (tour format version 3); this one reads version 1',
    );
  });

  it('tells schema problems at the field they are about', () => {
    const wait = GOOD.replace('  - id: echo\n', '  - id: echo\n    wait: { methd: x }\n');
    expect(refused(readTour(wait, 't.yaml'))).toContain(
      `t.yaml line ${lineOf(wait, 'methd')}, column 13: steps[2].wait.methd: unknown field "methd" (did you mean "method"?)`,
    );
    const neither = GOOD.replace('  - id: echo\n', '  - id: echo\n    wait: {}\n');
    expect(refused(readTour(neither, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(neither, 'wait: {}')}, column 5: steps[2].wait: expected {method} (a message from the server) or {response} (to an earlier step's request)`,
    );
    const flow = GOOD.replace('flow: handshake', 'flow: sessions');
    expect(refused(readTour(flow, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(flow, 'flow:')}, column 9: connections.hs.flow: expected "handshake" or "stateless", got "sessions"`,
    );
    const missing = GOOD.replace('    title: initialize\n', '');
    expect(refused(readTour(missing, 't.yaml'))).toBe(`t.yaml line ${lineOf(missing, '- id: init')}, column 5: steps[1].title: is missing`);
    const typo = GOOD.replace('    text: Words only.', '    exercize: Words only.');
    expect(refused(readTour(typo, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(typo, 'exercize')}, column 5: steps[0].exercize: unknown field "exercize" (did you mean "exercise"?)`,
    );
    const badId = GOOD.replace('id: init', 'id: "in it"');
    expect(refused(readTour(badId, 't.yaml'))).toContain(`line ${lineOf(badId, 'in it')}, column 5: steps[1].id: a step id is 1 to 64`);
    const badPath = GOOD.replace('at: $.jsonrpc', 'at: jsonrpc');
    expect(refused(readTour(badPath, 't.yaml'))).toContain(
      `line ${lineOf(badPath, 'at: jsonrpc')}, column 5: notes[0].at: a field path starts with $`,
    );
    const server = GOOD.replace('title: First call', 'title: First call\nserver: { command: 3 }');
    expect(refused(readTour(server, 't.yaml'))).toBe(`t.yaml line 4, column 11: server.command: expected a string, got a number`);
    const noSteps = GOOD.slice(0, GOOD.indexOf('steps:')) + 'steps: []\n';
    expect(refused(readTour(noSteps, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(noSteps, 'steps:')}, column 1: steps: a tour has at least one step`,
    );
  });

  it('tells schema problems in JSON at their line too', () => {
    const read = readTour(GOOD, 'x.yaml');
    if (!read.ok) throw new Error(read.error);
    const doc = structuredClone(read.tour) as unknown as { steps: Array<Record<string, unknown>> };
    (doc.steps[1] as Record<string, unknown>).figures = 'yes';
    const text = JSON.stringify(doc, null, 2);
    expect(refused(readTour(text, 'x.json'))).toBe(
      `x.json line ${lineOf(text, '"figures": "yes"')}, column 7: steps[1].figures: expected a boolean, got a string`,
    );
  });

  it('lists several problems, each with its line, in the order of the file', () => {
    const text = GOOD.replace('flow: handshake', 'flow: 1').replace('    title: echo', '    title: ""');
    const read = readTour(text, 't.yaml');
    if (read.ok) throw new Error('accepted');
    expect(read.problems.map((p) => p.line)).toEqual([lineOf(text, 'flow: 1'), lineOf(text, 'title: ""')]);
    expect(read.error.split('\n')).toHaveLength(2);
    expect(read.problems[1]).toMatchObject({ where: 'steps[2].title', message: 'must not be empty' });
  });

  it('checks what only the whole tour shows: connections, ids, refs, waits, paths', () => {
    const two = GOOD.replace('  hs: { flow: handshake, label: Handshake }', '  hs: { flow: handshake }\n  sl: { flow: stateless }');
    const noConn = refused(readTour(two, 't.yaml'));
    expect(noConn).toContain(
      `t.yaml line ${lineOf(two, '- id: init')}, column 5: steps[1]: which connection? the tour has 2 (hs, sl): add "connection:"`,
    );

    const unknown = GOOD.replace('    title: echo', '    title: echo\n    connection: nope');
    expect(refused(readTour(unknown, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(unknown, 'connection: nope')}, column 5: steps[2].connection: unknown connection "nope" (the tour has: hs)`,
    );

    const dup = GOOD.replace('id: echo', 'id: init');
    expect(refused(readTour(dup, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(dup, 'id: init', lineOf(dup, 'id: init'))}, column 5: steps[2].id: duplicate step id "init" (steps[1] has it, line ${lineOf(dup, 'id: init')})`,
    );

    const later = GOOD.replace('init#$.result.protocolVersion', 'echo#$.result');
    expect(refused(readTour(later, 't.yaml'))).toMatch(
      new RegExp(
        `line ${lineOf(later, 'echo#')}, column \\d+: steps\\[2\\]\\.send\\.params\\.arguments\\.text\\.\\$ref: step "echo" comes here: a step cannot refer to itself`,
      ),
    );
    const nobody = GOOD.replace('init#$.result.protocolVersion', 'nobody#$.result');
    expect(refused(readTour(nobody, 't.yaml'))).toContain('no step has the id "nobody"');
    const badRefPath = GOOD.replace('init#$.result.protocolVersion', 'init#$.result[?(@.x)]');
    expect(refused(readTour(badRefPath, 't.yaml'))).toContain('only [n], [*] and ["name"] are supported');
    const extraKey = GOOD.replace('{ $ref: "init#$.result.protocolVersion" }', '{ $ref: "init#$.result.protocolVersion", x: 1 }');
    expect(refused(readTour(extraKey, 't.yaml'))).toContain('a {"$ref": …} object holds nothing else');
    // JSON Schema's own $ref (a pointer, "#/...") is data, not a tour reference.
    const schemaRef = GOOD.replace('{ $ref: "init#$.result.protocolVersion" }', '{ $ref: "#/$defs/x" }');
    expect(readTour(schemaRef, 't.yaml').ok).toBe(true);

    const waitLater = GOOD.replace('  - title: Welcome\n', '  - title: Welcome\n    wait: { response: echo }\n');
    expect(refused(readTour(waitLater, 't.yaml'))).toBe(
      `t.yaml line ${lineOf(waitLater, 'response: echo')}, column 13: steps[0].wait.response: step "echo" comes later (steps[2]); a step waits on an earlier one`,
    );
    const waitNoRequest =
      GOOD.replace('id: 7, method: tools/call', 'method: tools/call').replace('    title: echo\n', '    title: echo\n') +
      '  - title: after\n    wait: { response: echo }\n';
    expect(refused(readTour(waitNoRequest, 't.yaml'))).toContain('steps[3].wait.response: step "echo" sends no request');

    const badNote = GOOD.replace('    title: echo\n', '    title: echo\n    notes: [{ at: "$.a[1:2]", text: x }]\n');
    expect(refused(readTour(badNote, 't.yaml'))).toContain('steps[2].notes[0].at: only [n], [*] and ["name"]');
    const badExpect = GOOD.replace('at: $.result.protocolVersion', 'at: $.result..');
    expect(refused(readTour(badExpect, 't.yaml'))).toContain('steps[1].expect[0].at: a name is missing');
    const expectNothing = GOOD.replace('    text: Words only.', '    text: Words only.\n    expect: [{ at: $.result }]');
    expect(refused(readTour(expectNothing, 't.yaml'))).toContain('steps[0].expect: this step awaits nothing from the server');
    const exerciseNothing = GOOD.replace('    text: Words only.', '    text: Words only.\n    exercise: Change it.');
    expect(refused(readTour(exerciseNothing, 't.yaml'))).toContain('steps[0].exercise: an exercise edits the message a step sends');
  });

  it('refuses a file too large to be a tour before parsing it', () => {
    expect(refused(readTour(`# ${'x'.repeat(5_000_001)}`, 'big.yaml'))).toMatch(/^big\.yaml: is 5000003 characters long/);
  });

  it('writes a problem without a line as name: message', () => {
    expect(problemText('t.yaml', { where: '', message: 'the file is empty' })).toBe('t.yaml: the file is empty');
    expect(problemText('t.yaml', { line: 3, column: 2, where: 'steps', message: 'm' })).toBe('t.yaml line 3, column 2: steps: m');
  });
});
