import { describe, expect, it } from 'vitest';
import { readServerItems, scenarioFromPicks, seedArguments } from './scenarioFromServer.js';

describe('a scenario from the server', () => {
  it('seeds arguments from default, then examples, then const, then enum, and leaves the rest out', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'number', default: 5, examples: [1] },
        b: { type: 'string', examples: ['x'] },
        c: { const: 'fixed' },
        d: { enum: ['low', 'high'] },
        e: { type: 'string' },
      },
    };
    expect(seedArguments(schema)).toEqual({ a: 5, b: 'x', c: 'fixed', d: 'low' });
    expect(seedArguments('not a schema')).toEqual({});
  });

  it('reads only well-formed items from what the server listed', () => {
    const items = readServerItems({
      tools: { tools: [{ name: 'echo', inputSchema: {} }, { name: 42 }, 'junk'] },
      resources: { resources: [{ uri: 'a://1', name: 'One' }, { name: 'no uri' }] },
      prompts: { prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }, { name: 'y' }] }] },
    });
    expect(items.tools.map((t) => t.name)).toEqual(['echo']);
    expect(items.resources).toEqual([{ uri: 'a://1', name: 'One' }]);
    expect(items.prompts).toEqual([{ name: 'p', required: ['x'] }]);
  });

  it('lists each kind picked before its items, after the connect step', () => {
    const scenario = scenarioFromPicks('s', {
      tools: [{ name: 'echo', arguments: {} }],
      resources: [],
      prompts: [{ name: 'p', arguments: {} }],
    });
    expect(scenario.steps.map((s) => s.kind)).toEqual(['connect', 'list', 'call', 'list', 'prompt']);
  });
});
