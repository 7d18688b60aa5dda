import { describe, expect, it } from 'vitest';
import { MAX_PROBES_PER_METHOD, safeProbes } from './safeProbes.js';

describe('safeProbes: what a checker may call without guessing', () => {
  const listed = {
    resources: [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b', name: 'b' }, { name: 'no uri' }],
    resourceTemplates: [
      { uriTemplate: 'greeting://{name}{?lang}', name: 'greeting' },
      { uriTemplate: 'static://x', name: 'static' },
    ],
    prompts: [
      { name: 'plain' },
      { name: 'optional', arguments: [{ name: 'tone' }] },
      { name: 'needs', arguments: [{ name: 'text', required: true }, { name: 'max' }] },
    ],
  };

  it('reads every resource, gets prompts with no required argument, and completes every prompt argument and template variable', () => {
    const plan = safeProbes(listed, { completions: {} });
    expect(plan.probes).toEqual([
      { method: 'resources/read', target: 'file:///a', params: { uri: 'file:///a' } },
      { method: 'resources/read', target: 'file:///b', params: { uri: 'file:///b' } },
      { method: 'prompts/get', target: 'plain', params: { name: 'plain' } },
      { method: 'prompts/get', target: 'optional', params: { name: 'optional' } },
      {
        method: 'completion/complete',
        target: 'optional tone',
        params: { ref: { type: 'ref/prompt', name: 'optional' }, argument: { name: 'tone', value: '' } },
      },
      {
        method: 'completion/complete',
        target: 'needs text',
        params: { ref: { type: 'ref/prompt', name: 'needs' }, argument: { name: 'text', value: '' } },
      },
      {
        method: 'completion/complete',
        target: 'needs max',
        params: { ref: { type: 'ref/prompt', name: 'needs' }, argument: { name: 'max', value: '' } },
      },
      {
        method: 'completion/complete',
        target: 'greeting://{name}{?lang} name',
        params: { ref: { type: 'ref/resource', uri: 'greeting://{name}{?lang}' }, argument: { name: 'name', value: '' } },
      },
      {
        method: 'completion/complete',
        target: 'greeting://{name}{?lang} lang',
        params: { ref: { type: 'ref/resource', uri: 'greeting://{name}{?lang}' }, argument: { name: 'lang', value: '' } },
      },
    ]);
    expect(plan.skipped).toEqual({ 'prompts/get': 1 });
  });

  it('never calls a tool, and asks no completion of a server that declared capabilities without completions', () => {
    const plan = safeProbes({ ...listed, tools: [{ name: 'delete_everything' }] } as never, { tools: {}, prompts: {} });
    expect(plan.probes.map((p) => p.method)).not.toContain('tools/call');
    expect(plan.probes.map((p) => p.method)).not.toContain('completion/complete');
  });

  it('asks for completions when the capabilities are unknown (no server/discover)', () => {
    expect(safeProbes(listed, undefined).probes.some((p) => p.method === 'completion/complete')).toBe(true);
  });

  it(`keeps to ${MAX_PROBES_PER_METHOD} probes a method and counts the rest`, () => {
    const many = { resources: Array.from({ length: MAX_PROBES_PER_METHOD + 5 }, (_, i) => ({ uri: `file:///${i}` })) };
    const plan = safeProbes(many, {});
    expect(plan.probes).toHaveLength(MAX_PROBES_PER_METHOD);
    expect(plan.beyondLimit).toEqual({ 'resources/read': 5 });
  });
});
