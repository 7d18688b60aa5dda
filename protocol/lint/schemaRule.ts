/**
 * schema-violation: every message checked against the official JSON Schema of its revision,
 * by the definition its method (or its request's method, or its error code) names. This finds
 * shapes no handwritten rule knows. Where a handwritten rule already judged the shape of the
 * same message, it has said it more precisely and this rule stays quiet.
 *
 * The revision: 2026-07-28 in the stateless flow and for anything of a server/discover
 * exchange that opens a conversation (one inside a handshake session is that session's); 2025-11-25 in the handshake flow (when the session negotiated that version: older
 * ones have no vendored schema) and for initialize. Unknown methods (extensions, vendors) and
 * messages in a flow not yet known are not judged.
 */
import type { Side } from '../exchanges.js';
import { INPUT_REQUIRED_METHODS, LATEST_HANDSHAKE_VERSION } from '../flows.js';
import type { Finding } from './rules.js';
import { specDefinitions, validateDefinition, type Revision } from './specSchema.js';
import { asRecord, describeRequest, openingFlow, type Check, type RequestInfo } from './state.js';

/** Rules that judge a message's shape: when one spoke, the schema has nothing to add. */
const SHAPE_RULES: ReadonlySet<string> = new Set([
  'jsonrpc-version',
  'jsonrpc-invalid',
  'jsonrpc-null-id',
  'error-shape',
  'tool-list-shape',
  'tool-input-schema-root',
  'content-block',
  'stateless-result-type-missing',
  'stateless-result-type-unknown',
  'stateless-cache-fields',
  'stateless-missing-envelope',
  'initialize-result-shape',
  'discover-result-shape',
  'resource-read-shape',
  'completion-result-shape',
  'input-required-method',
  'input-required-shape',
  'missing-capability-error',
  'stateless-client-response',
  'task-not-requested',
  'task-shape',
]);

/** The result definition of each request method (the same names in both revisions, where they exist). */
export const RESULT_DEFINITIONS: Readonly<Record<string, string>> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'logging/setLevel': 'EmptyResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'sampling/createMessage': 'CreateMessageResult',
  'elicitation/create': 'ElicitResult',
  'roots/list': 'ListRootsResult',
  'tasks/get': 'GetTaskResult',
  'tasks/list': 'ListTasksResult',
  'tasks/cancel': 'CancelTaskResult',
};

/** Error responses with a definition of their own (the others are plain JSON-RPC errors, already checked). */
export const ERROR_DEFINITIONS: Readonly<Record<Revision, Readonly<Record<number, string>>>> = {
  '2025-11-25': { [-32042]: 'URLElicitationRequiredError' },
  '2026-07-28': {
    [-32020]: 'HeaderMismatchError',
    [-32021]: 'MissingRequiredClientCapabilityError',
    [-32022]: 'UnsupportedProtocolVersionError',
  },
};

interface MethodTables {
  requests: Record<Side, ReadonlyMap<string, string>>;
  notifications: Record<Side, ReadonlyMap<string, string>>;
}

const tables = new Map<Revision, MethodTables>();

/** Method -> definition for each direction, read off the schema's ClientRequest, ServerNotification, … unions. */
export function methodTables(revision: Revision): MethodTables {
  let t = tables.get(revision);
  if (!t) {
    const defs = specDefinitions(revision);
    const byMethod = (union: string): ReadonlyMap<string, string> => {
      const map = new Map<string, string>();
      const def = asRecord(defs[union]);
      const members = Array.isArray(def?.anyOf) ? def.anyOf.map((m) => refName(asRecord(m)?.$ref)) : def ? [union] : [];
      for (const name of members) {
        const method = name === undefined ? undefined : asRecord(asRecord(asRecord(defs[name])?.properties)?.method)?.const;
        if (name !== undefined && typeof method === 'string') map.set(method, name);
      }
      return map;
    };
    t = {
      requests: { client: byMethod('ClientRequest'), server: byMethod('ServerRequest') },
      notifications: { client: byMethod('ClientNotification'), server: byMethod('ServerNotification') },
    };
    tables.set(revision, t);
  }
  return t;
}

function refName(ref: unknown): string | undefined {
  return typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
}

function revisionFor(check: Check, method: string | undefined, request: RequestInfo | undefined): Revision | undefined {
  const opening = method === undefined ? undefined : openingFlow(method, request);
  if (opening === 'stateless') return '2026-07-28';
  if (opening === 'handshake') return '2025-11-25';
  if (check.flow === 'stateless') return '2026-07-28';
  if (check.flow !== 'handshake') return undefined;
  const negotiated = check.state.protocolVersion;
  return negotiated === undefined || negotiated === LATEST_HANDSHAKE_VERSION ? '2025-11-25' : undefined;
}

interface Target {
  revision: Revision;
  definition: string;
  value: unknown;
  /** Built only when there is something to report: most messages conform. */
  label: () => string;
}

function target(check: Check, request: RequestInfo | undefined): Target | undefined {
  const { message } = check;
  const c = message.classified;
  const who = message.from;
  switch (c.kind) {
    case 'request': {
      const revision = revisionFor(check, c.method, request);
      const definition = revision && methodTables(revision).requests[who].get(c.method);
      if (!revision || !definition) return undefined;
      return { revision, definition, value: c.message, label: () => `The ${who}'s ${describeRequest({ method: c.method, id: c.id })}` };
    }
    case 'notification': {
      const revision = revisionFor(check, undefined, undefined);
      const definition = revision && methodTables(revision).notifications[who].get(c.method);
      if (!revision || !definition) return undefined;
      return { revision, definition, value: c.message, label: () => `The ${who}'s notification ${c.method}` };
    }
    case 'result': {
      if (!request || message.pairing.kind !== 'response') return undefined;
      const revision = revisionFor(check, request.method, request);
      if (!revision || !methodTables(revision).requests[request.from].has(request.method)) return undefined;
      const definition = resultDefinition(revision, request, asRecord(c.result));
      if (!definition) return undefined;
      return { revision, definition, value: c.result, label: () => `The ${who}'s result for ${describeRequest(request)}` };
    }
    case 'error': {
      if (!request || message.pairing.kind !== 'response') return undefined;
      let revision = revisionFor(check, request.method, request);
      let definition = revision && ERROR_DEFINITIONS[revision][c.error.code];
      // A modern-only server answers initialize with a 2026-07-28 error.
      if (!definition && request.method === 'initialize') {
        revision = '2026-07-28';
        definition = ERROR_DEFINITIONS[revision][c.error.code];
      }
      if (!revision || !definition) return undefined;
      return { revision, definition, value: c.message, label: () => `The ${who}'s error ${c.error.code} for ${describeRequest(request)}` };
    }
    default:
      return undefined;
  }
}

function resultDefinition(revision: Revision, request: RequestInfo, result: Record<string, unknown> | undefined): string | undefined {
  if (revision === '2026-07-28') {
    const resultType = result?.resultType;
    // Interim rounds outside the three methods are input-required-method's; "task" is an extension's.
    if (resultType === 'input_required') return INPUT_REQUIRED_METHODS.has(request.method) ? 'InputRequiredResult' : undefined;
    if (resultType !== undefined && resultType !== 'complete') return undefined;
  } else if (request.taskAugmented) {
    return 'CreateTaskResult';
  }
  return RESULT_DEFINITIONS[request.method];
}

/** Run last, with what the other rules found on this message. */
export function checkSchema(check: Check, found: readonly Finding[], request: RequestInfo | undefined): void {
  if (found.some((f) => SHAPE_RULES.has(f.rule))) return;
  const t = target(check, request);
  if (!t) return;
  const problems = validateDefinition(t.revision, t.definition, t.value);
  if (problems === undefined || problems.length === 0) return;
  check.report('schema-violation', `${t.label()} does not match ${t.definition} of the ${t.revision} schema: ${problems.join('; ')}`);
}
