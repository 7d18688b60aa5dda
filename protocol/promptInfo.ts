/** What the prompts panel shows of prompts and what prompts/get sends and returns. Pure. */

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
}

export function isPrompt(value: unknown): value is Prompt {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).name === 'string';
}

/** title, then name (spec order). */
export function promptLabel(prompt: Prompt): string {
  return typeof prompt.title === 'string' && prompt.title !== '' ? prompt.title : prompt.name;
}

export function matchesPrompt(prompt: Prompt, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [prompt.name, prompt.title, prompt.description].some((s) => typeof s === 'string' && s.toLowerCase().includes(needle));
}

/** The declared arguments that can be shown: named, each name once. */
export function promptArguments(prompt: Prompt): PromptArgument[] {
  if (!Array.isArray(prompt.arguments)) return [];
  const seen = new Set<string>();
  const out: PromptArgument[] = [];
  for (const a of prompt.arguments as unknown[]) {
    if (typeof a !== 'object' || a === null) continue;
    const arg = a as Record<string, unknown>;
    if (typeof arg.name !== 'string' || seen.has(arg.name)) continue;
    seen.add(arg.name);
    out.push({
      name: arg.name,
      ...(typeof arg.title === 'string' ? { title: arg.title } : {}),
      ...(typeof arg.description === 'string' ? { description: arg.description } : {}),
      ...(arg.required === true ? { required: true } : {}),
    });
  }
  return out;
}

/**
 * The `arguments` of prompts/get: every required argument as typed (even empty, so the
 * server's answer to it shows), optional ones only when filled in. Undefined when there are none.
 */
export function getArguments(args: PromptArgument[], values: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const a of args) {
    const value = Object.prototype.hasOwnProperty.call(values, a.name) ? (values[a.name] ?? '') : '';
    if (a.required === true || value !== '') out[a.name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function getParams(prompt: Prompt, values: Readonly<Record<string, string>>): Record<string, unknown> {
  const args = getArguments(promptArguments(prompt), values);
  return { name: prompt.name, ...(args ? { arguments: args } : {}) };
}

/** Required arguments left empty. */
export function missingRequired(args: PromptArgument[], values: Readonly<Record<string, string>>): string[] {
  return args.filter((a) => a.required === true && (values[a.name] ?? '') === '').map((a) => a.name);
}

export interface ConversationMessage {
  /** The role as sent (any string; "user" and "assistant" are the valid ones). */
  role: string;
  side: 'user' | 'assistant' | 'other';
  /** The content as an array of blocks (the spec has one block; some servers send an array). */
  blocks: unknown[];
}

/** The messages of a prompts/get result, or why they cannot be shown. */
export function conversation(result: Record<string, unknown>): { messages: ConversationMessage[]; problem?: string } {
  const raw = result.messages;
  if (!Array.isArray(raw)) return { messages: [], problem: 'the result has no messages array' };
  const messages = raw.map((m): ConversationMessage => {
    const message = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : {};
    const role = typeof message.role === 'string' ? message.role : String(JSON.stringify(message.role) ?? 'no role');
    const side = role === 'user' || role === 'assistant' ? role : 'other';
    const content = message.content;
    const blocks = Array.isArray(content) ? content : content === undefined ? [] : [content];
    return { role, side, blocks };
  });
  return { messages };
}
