import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_USAGE, flowOf, runConformanceClient } from './conformanceClient.js';
import { conformanceAnswer, placeholderArgs, schemaDefaults, scriptFor, SCRIPTS } from './conformanceScenarios.js';

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  err.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await runConformanceClient(argv, env, out, err);
  return { code, stdout, stderr };
}

describe('mcp-lens conformance-client', () => {
  it('prints its usage on --help', async () => {
    expect(await run(['--help'], {})).toMatchObject({ code: 0, stdout: CONFORMANCE_USAGE });
  });

  it('is bad usage (exit 2, nothing opened) without a URL last, a scenario, a dated version or a context object', async () => {
    const env = { MCP_CONFORMANCE_SCENARIO: 'tools_call' };
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [[], env, /give the server URL/],
      [['http://127.0.0.1:9/', '--x'], env, /give the server URL/],
      [['http://127.0.0.1:9/'], {}, /MCP_CONFORMANCE_SCENARIO is not set/],
      [['http://127.0.0.1:9/'], { ...env, MCP_CONFORMANCE_PROTOCOL_VERSION: 'draft' }, /not a dated version: "draft"/],
      [['http://127.0.0.1:9/'], { ...env, MCP_CONFORMANCE_CONTEXT: '{' }, /MCP_CONFORMANCE_CONTEXT is not JSON/],
      [['http://127.0.0.1:9/'], { ...env, MCP_CONFORMANCE_CONTEXT: '[1]' }, /MCP_CONFORMANCE_CONTEXT is not a JSON object/],
    ];
    for (const [argv, environment, message] of cases) {
      const result = await run(argv, environment);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });

  it('speaks the handshake through 2025-11-25 and the stateless flow from 2026-07-28', () => {
    expect(flowOf('2025-06-18')).toBe('handshake');
    expect(flowOf('2025-11-25')).toBe('handshake');
    expect(flowOf('2026-07-28')).toBe('stateless');
  });
});

describe('conformance scenarios', () => {
  it('accepts an elicitation with the defaults its schema gives, and has no model to sample with', async () => {
    const requestedSchema = {
      type: 'object',
      properties: { name: { type: 'string', default: 'John Doe' }, age: { type: 'integer', default: 30 }, note: { type: 'string' } },
    };
    expect(await conformanceAnswer('elicitation/create', { message: 'm', requestedSchema })).toEqual({
      result: { action: 'accept', content: { name: 'John Doe', age: 30 } },
    });
    expect(await conformanceAnswer('roots/list', {})).toEqual({ result: { roots: [] } });
    expect(await conformanceAnswer('sampling/createMessage', {})).toMatchObject({ error: { message: /no model/ } });
    expect(await conformanceAnswer('other/thing', {})).toMatchObject({ error: { code: -32601 } });
    expect(schemaDefaults(undefined)).toEqual({});
  });

  it('fills only the required arguments of a tool, each with its default, first enum value or a value of its type', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        s: { type: 'string' },
        i: { type: 'integer' },
        b: { type: 'boolean' },
        e: { type: 'string', enum: ['x', 'y'] },
        d: { type: 'number', default: 2.5 },
        a: { type: 'array' },
        optional: { type: 'string' },
      },
      required: ['s', 'i', 'b', 'e', 'd', 'a', 'missing'],
    };
    expect(placeholderArgs(inputSchema)).toEqual({ s: 'conformance', i: 1, b: true, e: 'x', d: 2.5, a: [], missing: 'conformance' });
    expect(placeholderArgs(undefined)).toEqual({});
  });

  it('has a script for each scenario it means to pass, and lists the tools only (unscripted) for any other', () => {
    expect(scriptFor('tools_call')).toMatchObject({ scripted: true });
    // Every authorization scenario: the OAuth client runs on the 401, then each tool is listed and called.
    expect(scriptFor('auth/metadata-default')).toMatchObject({ scripted: true });
    expect(scriptFor('a-scenario-added-later')).toMatchObject({ scripted: false });
    expect(scriptFor('toString')).toMatchObject({ scripted: false });
    expect(Object.keys(SCRIPTS).some((name) => name.startsWith('auth/'))).toBe(false);
  });
});
