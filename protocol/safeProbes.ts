/**
 * What a checker may call on a server without guessing, from what the server listed: read
 * each listed resource, get each prompt that needs no argument, and ask completion/complete
 * for each prompt argument and template variable. Never a tool: what a tool does is not
 * knowable from its description (hints are hints), and its arguments would be guesses.
 */
import { templateVariables } from './uriTemplate.js';

export interface Probe {
  method: 'resources/read' | 'prompts/get' | 'completion/complete';
  /** What is probed, for a report line: a URI, a prompt name, or a reference and argument. */
  target: string;
  params: Record<string, unknown>;
}

export interface ProbePlan {
  probes: Probe[];
  /** Listed items not probed because probing would mean guessing (prompts with required arguments). */
  skipped: Partial<Record<Probe['method'], number>>;
  /** Items past the per-method limit. */
  beyondLimit: Partial<Record<Probe['method'], number>>;
}

export interface Listed {
  resources?: unknown[];
  resourceTemplates?: unknown[];
  prompts?: unknown[];
}

/** Keeps a check of a server with thousands of files bounded. */
export const MAX_PROBES_PER_METHOD = 25;

/**
 * @param capabilities the server's, or undefined when unknown (no discover): then completion is
 *   tried too, and a -32601 answer says it is not offered.
 */
export function safeProbes(listed: Listed, capabilities: Record<string, unknown> | undefined): ProbePlan {
  const plan: ProbePlan = { probes: [], skipped: {}, beyondLimit: {} };
  const counts = new Map<Probe['method'], number>();
  const add = (probe: Probe): void => {
    const count = (counts.get(probe.method) ?? 0) + 1;
    counts.set(probe.method, count);
    if (count <= MAX_PROBES_PER_METHOD) plan.probes.push(probe);
    else plan.beyondLimit[probe.method] = count - MAX_PROBES_PER_METHOD;
  };

  for (const resource of records(listed.resources)) {
    if (typeof resource.uri === 'string') add({ method: 'resources/read', target: resource.uri, params: { uri: resource.uri } });
  }

  const completions: Probe[] = [];
  for (const prompt of records(listed.prompts)) {
    if (typeof prompt.name !== 'string') continue;
    const args = records(prompt.arguments).filter((a): a is Record<string, unknown> & { name: string } => typeof a.name === 'string');
    if (args.some((a) => a.required === true)) plan.skipped['prompts/get'] = (plan.skipped['prompts/get'] ?? 0) + 1;
    else add({ method: 'prompts/get', target: prompt.name, params: { name: prompt.name } });
    for (const arg of args) {
      completions.push({
        method: 'completion/complete',
        target: `${prompt.name} ${arg.name}`,
        params: { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg.name, value: '' } },
      });
    }
  }
  for (const template of records(listed.resourceTemplates)) {
    if (typeof template.uriTemplate !== 'string') continue;
    for (const variable of templateVariables(template.uriTemplate)) {
      completions.push({
        method: 'completion/complete',
        target: `${template.uriTemplate} ${variable.name}`,
        params: { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name: variable.name, value: '' } },
      });
    }
  }
  if (capabilities === undefined || 'completions' in capabilities) completions.forEach(add);
  return plan;
}

function records(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
}
