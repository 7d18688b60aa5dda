/**
 * A comparison scenario made of a server's own tools, resources and prompts: the lists it
 * answered (read once, in whichever flow it speaks), the items the user picked, and tool
 * arguments seeded from what the input schema itself offers (default, examples, const, enum).
 * Everything read here came from the server: names and schemas are checked, never trusted.
 */
import type { Scenario, Step } from './compare.js';

export interface ServerItems {
  tools: { name: string; inputSchema: unknown }[];
  resources: { uri: string; name: string }[];
  prompts: { name: string; required: string[] }[];
}

export interface Picks {
  tools: { name: string; arguments: Record<string, unknown> }[];
  resources: string[];
  prompts: { name: string; arguments: Record<string, string> }[];
}

const MAX_ITEMS = 500;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(result: unknown, key: string): Record<string, unknown>[] {
  const items = record(result)[key];
  return Array.isArray(items) ? items.slice(0, MAX_ITEMS).map(record) : [];
}

/** The items of a tools/list, resources/list and prompts/list result (any may be missing). */
export function readServerItems(results: { tools?: unknown; resources?: unknown; prompts?: unknown }): ServerItems {
  return {
    tools: list(results.tools, 'tools').flatMap((t) =>
      typeof t.name === 'string' && t.name !== '' ? [{ name: t.name, inputSchema: t.inputSchema }] : [],
    ),
    resources: list(results.resources, 'resources').flatMap((r) =>
      typeof r.uri === 'string' && r.uri !== '' ? [{ uri: r.uri, name: typeof r.name === 'string' ? r.name : r.uri }] : [],
    ),
    prompts: list(results.prompts, 'prompts').flatMap((p) =>
      typeof p.name === 'string' && p.name !== ''
        ? [
            {
              name: p.name,
              required: (Array.isArray(p.arguments) ? p.arguments : [])
                .map(record)
                .filter((a) => a.required === true && typeof a.name === 'string')
                .map((a) => a.name as string),
            },
          ]
        : [],
    ),
  };
}

/**
 * Arguments a tool's schema proposes itself: each property's default, else its first example,
 * else its const, else its first enum value. A property with none of these is left for the user.
 */
export function seedArguments(inputSchema: unknown): Record<string, unknown> {
  const properties = record(record(inputSchema).properties);
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(properties)) {
    const property = record(raw);
    if ('default' in property) out[key] = property.default;
    else if (Array.isArray(property.examples) && property.examples.length > 0) out[key] = property.examples[0];
    else if ('const' in property) out[key] = property.const;
    else if (Array.isArray(property.enum) && property.enum.length > 0) out[key] = property.enum[0];
  }
  return out;
}

/**
 * The scenario: connect, then for each kind picked its list and the picked items, in the order
 * tools, resources, prompts (the workshop's order). Nothing picked: the lists alone.
 */
export function scenarioFromPicks(name: string, picks: Picks): Scenario {
  const steps: Step[] = [{ kind: 'connect' }];
  const nothing = picks.tools.length + picks.resources.length + picks.prompts.length === 0;
  if (nothing || picks.tools.length > 0) steps.push({ kind: 'list', method: 'tools/list' });
  for (const t of picks.tools) steps.push({ kind: 'call', tool: t.name, arguments: t.arguments });
  if (nothing || picks.resources.length > 0) steps.push({ kind: 'list', method: 'resources/list' });
  for (const uri of picks.resources) steps.push({ kind: 'read', uri });
  if (nothing || picks.prompts.length > 0) steps.push({ kind: 'list', method: 'prompts/list' });
  for (const p of picks.prompts) steps.push({ kind: 'prompt', name: p.name, arguments: p.arguments });
  return { name: name.slice(0, 200) || 'From the server', steps: steps.slice(0, 100) };
}
