/**
 * What the client under test does in each client scenario of the MCP conformance suite, on an
 * open conversation: the requests a host would make there (list, call, read, get) and the
 * answers it gives to the server's questions. The suite's fixture watches the wire and scores
 * it; a script only fails (throws) when the server's answers leave it unable to go on.
 * A scenario with no script gets the generic one (list the tools) and is reported as unscripted,
 * so it can never pass by accident.
 */
import type { ClientSession, Outcome, RequestOptions } from '../../protocol/clientSession.js';
import { answerInputRequests, elicitAnswer, notHandled, refusal, rootsReply, type Answerer } from '../../protocol/answers.js';
import { listAll } from '../../protocol/pagination.js';
import { paramHeadersOf } from '../../protocol/http/headers.js';

export class ScenarioFailure extends Error {}

export interface ScenarioRun {
  session: ClientSession;
  /** MCP_CONFORMANCE_CONTEXT: what some scenarios hand the client (tool calls to make, credentials). */
  context: Record<string, unknown>;
  /** Each request's idle timeout. */
  timeoutMs: number;
  say: (text: string) => void;
}

type Script = (run: ScenarioRun) => Promise<void>;

/** The capabilities declared in every scenario: forms and roots, which this client answers. */
export const CONFORMANCE_CAPABILITIES: Record<string, unknown> = { elicitation: { form: {} }, roots: {} };

/**
 * How the client answers what a server asks: an elicitation is accepted with the defaults its
 * schema gives (what a form shows before anyone types), roots are none, and there is no model
 * to sample with.
 */
export const conformanceAnswer: Answerer = (method, params) => {
  if (method === 'elicitation/create') return elicitAnswer('accept', schemaDefaults(params.requestedSchema));
  if (method === 'roots/list') return rootsReply([]);
  if (method === 'sampling/createMessage') return refusal(method, 'this client has no model to sample with');
  return notHandled(method);
};

/** The `default` of each top-level property of an elicitation's requestedSchema. */
export function schemaDefaults(schema: unknown): Record<string, unknown> {
  const properties = record(record(schema).properties);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = record(property);
    if ('default' in value) out[name] = value.default;
  }
  return out;
}

/**
 * Arguments for a tool the scenario gives none for: each required property a value of its type
 * (what a person filling the form with placeholders would send).
 */
export function placeholderArgs(inputSchema: unknown): Record<string, unknown> {
  const schema = record(inputSchema);
  const properties = record(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const out: Record<string, unknown> = {};
  for (const name of required) {
    const property = record(properties[name]);
    if ('default' in property) out[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) out[name] = property.enum[0];
    else
      switch (property.type) {
        case 'integer':
        case 'number':
          out[name] = 1;
          break;
        case 'boolean':
          out[name] = true;
          break;
        case 'array':
          out[name] = [];
          break;
        case 'object':
          out[name] = {};
          break;
        case 'null':
          out[name] = null;
          break;
        default:
          out[name] = 'conformance';
      }
  }
  return out;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function options(run: ScenarioRun): RequestOptions {
  return { timeoutMs: run.timeoutMs, maxTotalMs: run.timeoutMs * 2 };
}

function describe(outcome: Exclude<Outcome, { kind: 'result' }>): string {
  switch (outcome.kind) {
    case 'error':
      return `error ${outcome.error.code} ${outcome.error.message}`;
    case 'invalid':
      return `an invalid answer: ${outcome.reason}`;
    case 'timeout':
      return `no answer in ${outcome.afterMs} ms`;
    case 'cancelled':
    case 'closed':
      return outcome.reason;
    case 'transport':
      return `no answer over HTTP: ${outcome.reason}`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/** Every page of a list; a failure ends the scenario. */
async function list(run: ScenarioRun, method: string, key: string): Promise<Record<string, unknown>[]> {
  const listed = await listAll(run.session, method, key, options(run));
  if (listed.failure) throw new ScenarioFailure(`${method}: ${describe(listed.failure)}`);
  run.say(`${method}: ${listed.items.length} listed`);
  return listed.items.map(record);
}

/**
 * A request that may need input (tools/call, prompts/get, resources/read): in the stateless flow
 * an input_required result is answered and retried; in the handshake flow the server's own
 * requests are answered as they come. A JSON-RPC error or an unfinished round ends the scenario.
 */
async function ask(run: ScenarioRun, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const outcome =
    run.session.flow === 'stateless'
      ? await run.session.requestWithInput(method, params, (requests) => answerInputRequests(requests, conformanceAnswer), options(run))
      : await run.session.request(method, params, options(run)).done;
  const what = `${method}${typeof params.name === 'string' ? ` ${params.name}` : typeof params.uri === 'string' ? ` ${params.uri}` : ''}`;
  if (outcome.kind !== 'result') throw new ScenarioFailure(`${what}: ${describe(outcome)}`);
  if (outcome.unfinished !== undefined) throw new ScenarioFailure(`${what} did not finish: ${outcome.unfinished}`);
  run.say(`${what}: answered${outcome.result.isError === true ? ' (isError: true)' : ''}`);
  return outcome.result;
}

function call(run: ScenarioRun, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return ask(run, 'tools/call', { name, arguments: args });
}

function named(tools: Record<string, unknown>[], name: string): Record<string, unknown> {
  const tool = tools.find((t) => t.name === name);
  if (tool === undefined) throw new ScenarioFailure(`tools/list has no tool "${name}"`);
  return tool;
}

/** Lists the tools, then calls each one the list offers that a client on HTTP may call, with placeholders. */
async function callEveryTool(run: ScenarioRun): Promise<void> {
  for (const tool of await list(run, 'tools/list', 'tools')) {
    const name = String(tool.name);
    const { problems } = paramHeadersOf(tool.inputSchema);
    if (problems.length > 0) {
      // 2026-07-28: a tool whose x-mcp-header annotations are malformed is left out, the others kept.
      run.say(`tool ${name} left out: ${problems.join('; ')}`);
      continue;
    }
    await call(run, name, placeholderArgs(tool.inputSchema));
  }
}

const listTools: Script = async (run) => {
  await list(run, 'tools/list', 'tools');
};

export const SCRIPTS: Readonly<Record<string, Script>> = {
  // The handshake is what is scored; listing the tools shows the session holds.
  initialize: listTools,
  tools_call: async (run) => {
    named(await list(run, 'tools/list', 'tools'), 'add_numbers');
    await call(run, 'add_numbers', { a: 5, b: 3 });
  },
  // The server asks with elicitation/create in the middle of the call; the answer carries the schema's defaults.
  'elicitation-sep1034-client-defaults': async (run) => {
    named(await list(run, 'tools/list', 'tools'), 'test_client_elicitation_defaults');
    await call(run, 'test_client_elicitation_defaults', {});
  },
  // The call's stream ends before its answer: the transport resumes it with Last-Event-ID after the server's retry.
  'sse-retry': async (run) => {
    named(await list(run, 'tools/list', 'tools'), 'test_reconnection');
    await call(run, 'test_reconnection', {});
  },
  'request-metadata': listTools,
  // Multi round-trip requests: state echoed byte for byte, no state invented, none carried to another call.
  'sep-2322-client-request-state': async (run) => {
    const tools = await list(run, 'tools/list', 'tools');
    for (const name of ['test_mrtr_echo_state', 'test_mrtr_unrelated', 'test_mrtr_no_state', 'test_mrtr_no_result_type']) {
      named(tools, name);
      await call(run, name, {});
    }
  },
  // Mcp-Method on every POST and Mcp-Name on each named request: exercise every kind.
  'http-standard-headers': async (run) => {
    await callEveryTool(run);
    for (const resource of await list(run, 'resources/list', 'resources')) await ask(run, 'resources/read', { uri: resource.uri });
    for (const prompt of await list(run, 'prompts/list', 'prompts')) await ask(run, 'prompts/get', { name: prompt.name, arguments: {} });
  },
  // The calls to make come in the context; the transport mirrors x-mcp-header arguments into Mcp-Param-* headers.
  'http-custom-headers': async (run) => {
    const tools = await list(run, 'tools/list', 'tools');
    const calls = Array.isArray(run.context.toolCalls) ? run.context.toolCalls.map(record) : [];
    if (calls.length === 0) throw new ScenarioFailure('MCP_CONFORMANCE_CONTEXT names no toolCalls');
    for (const planned of calls) {
      const name = String(planned.name);
      named(tools, name);
      await call(run, name, record(planned.arguments));
    }
  },
  'http-invalid-tool-headers': callEveryTool,
  // Listing is the test: a $ref to another address in a schema is never fetched.
  'json-schema-ref-no-deref': listTools,
  // The rich schema goes back verbatim as an argument, so the fixture sees what survived parsing.
  'json-schema-2020-12-preservation': async (run) => {
    const tools = await list(run, 'tools/list', 'tools');
    const focal = named(tools, 'json_schema_2020_12_tool');
    named(tools, 'json_schema_echo');
    await call(run, 'json_schema_echo', { schema: focal.inputSchema });
  },
};

/**
 * The authorization scenarios: the OAuth client runs on the first 401; listing the tools and
 * calling each one gives a step-up (a tool that needs more scope) and a changed authorization
 * server (a later 401) their requests.
 */
const authScript: Script = callEveryTool;

/** The scenario's script, or the generic one (list the tools) with `scripted: false`. */
export function scriptFor(scenario: string): { script: Script; scripted: boolean } {
  if (scenario.startsWith('auth/')) return { script: authScript, scripted: true };
  const script = Object.hasOwn(SCRIPTS, scenario) ? SCRIPTS[scenario] : undefined;
  return script ? { script, scripted: true } : { script: listTools, scripted: false };
}
