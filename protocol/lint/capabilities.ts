/**
 * Capabilities: a server may only use what was negotiated. In the handshake flow that is what
 * initialize declared (the client's) and offered (the server's), for the whole session; in the
 * stateless flow it is the clientCapabilities of each request's own envelope, and a server that
 * needs one the request lacks answers -32021 naming it.
 */
import { TASKS_EXTENSION } from '../tasks.js';
import { asRecord, describeRequest, formatId, type Check, type RequestInfo } from './state.js';
import { TASK_EXTENSION_METHODS } from './taskRules.js';

/** What a client capability key may be: anything else named in -32021 is a server capability. */
const CLIENT_CAPABILITY_KEYS: ReadonlySet<string> = new Set(['roots', 'sampling', 'elicitation', 'tasks', 'extensions', 'experimental']);

/** Server notifications and the server capability (key and flag) each needs, 2025-11-25. */
const NOTIFICATION_CAPABILITIES: Readonly<Record<string, readonly [string, string | undefined]>> = {
  'notifications/tools/list_changed': ['tools', 'listChanged'],
  'notifications/prompts/list_changed': ['prompts', 'listChanged'],
  'notifications/resources/list_changed': ['resources', 'listChanged'],
  'notifications/resources/updated': ['resources', 'subscribe'],
  'notifications/message': ['logging', undefined],
};

/**
 * The client capability a server->client request (or a stateless input request) needs, or
 * undefined when it needs none this module knows of. `what` names it in a finding.
 */
function neededClientCapability(method: string, params: unknown): { path: string[]; what: string } | undefined {
  const p = asRecord(params);
  switch (method) {
    case 'sampling/createMessage':
      if (Array.isArray(p?.tools) && p.tools.length > 0)
        return { path: ['sampling', 'tools'], what: 'sampling.tools (a tool-enabled sampling request)' };
      return { path: ['sampling'], what: 'sampling' };
    case 'elicitation/create':
      return p?.mode === 'url'
        ? { path: ['elicitation', 'url'], what: 'elicitation.url (a URL-mode elicitation)' }
        : { path: ['elicitation', 'form'], what: 'elicitation' };
    case 'roots/list':
      return { path: ['roots'], what: 'roots' };
    default:
      return undefined;
  }
}

/** Whether a declared capability object covers a path; an empty elicitation object means form mode. */
function declares(capabilities: Record<string, unknown>, path: readonly string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return true;
  const child = asRecord(capabilities[head]);
  if (child === undefined) return false;
  if (head === 'elicitation' && rest[0] === 'form' && Object.keys(child).length === 0) return true;
  return declares(child, rest);
}

/** Handshake flow: a server request for a client capability initialize did not declare. */
export function checkServerRequestCapability(check: Check): void {
  const { message, flow, state, report } = check;
  const c = message.classified;
  if (flow !== 'handshake' || message.from !== 'server' || c.kind !== 'request' || state.clientCapabilities === undefined) return;
  const needed = neededClientCapability(c.method, c.params);
  if (!needed || declares(state.clientCapabilities, needed.path)) return;
  report(
    'capability-undeclared',
    `The server sent ${describeRequest({ method: c.method, id: c.id })}, but the client's initialize did not declare the ${needed.what} capability`,
  );
}

/** Handshake flow: a server notification for a server capability its initialize result did not offer. */
export function checkNotificationCapability(check: Check): void {
  const { message, flow, state, report } = check;
  const c = message.classified;
  if (flow !== 'handshake' || message.from !== 'server' || c.kind !== 'notification' || state.serverCapabilities === undefined) return;
  const needed = NOTIFICATION_CAPABILITIES[c.method];
  if (!needed) return;
  const [key, flag] = needed;
  const capability = asRecord(state.serverCapabilities[key]);
  if (capability !== undefined && (flag === undefined || capability[flag] === true)) return;
  const what = flag === undefined ? key : `${key}.${flag}`;
  report(
    'capability-undeclared',
    `The server sent the notification ${c.method}, but its initialize result did not declare the ${what} capability`,
  );
}

/** Stateless flow: an input_required result asking for input the request did not declare it can give. */
export function checkInputRequestCapabilities(check: Check, request: RequestInfo, inputRequests: Record<string, unknown>): void {
  const declared = request.capabilities;
  if (declared === undefined) return;
  const missing: string[] = [];
  for (const [key, value] of Object.entries(inputRequests)) {
    const input = asRecord(value);
    if (typeof input?.method !== 'string') continue;
    const needed = neededClientCapability(input.method, input.params);
    if (needed && !declares(declared, needed.path)) missing.push(`${JSON.stringify(key)} (${input.method}) needs ${needed.what}`);
  }
  if (missing.length === 0) return;
  check.report(
    'capability-undeclared',
    `The server's input_required result for ${describeRequest(request)} asks for input the request's clientCapabilities did not declare: ${missing.join('; ')}; the server must answer -32021 instead`,
  );
}

/**
 * -32021 is right when the request lacks a client capability the server needs; it must say
 * which in data.requiredCapabilities.
 */
export function checkMissingCapabilityError(check: Check, request: RequestInfo): void {
  const { message, flow, report } = check;
  const c = message.classified;
  if (c.kind !== 'error' || c.error.code !== -32021 || flow !== 'stateless' || message.from !== 'server') return;
  const where = describeRequest(request);
  const required = asRecord(asRecord(c.error.data)?.requiredCapabilities);
  if (required === undefined || Object.keys(required).length === 0) {
    report(
      'missing-capability-error',
      `The server's -32021 error for ${where} has no data.requiredCapabilities naming what is missing (data is ${formatId(c.error.data)})`,
    );
    return;
  }
  const serverKeys = Object.keys(required).filter((k) => !CLIENT_CAPABILITY_KEYS.has(k));
  if (serverKeys.length > 0) {
    report(
      'missing-capability-error',
      `The server's -32021 error for ${where} names ${serverKeys.join(', ')}, which ${serverKeys.length === 1 ? 'is not a client capability' : 'are not client capabilities'}; a method behind a capability the server lacks is -32601`,
    );
    return;
  }
  const extensions = required.extensions;
  const extensionsProblem = extensions === undefined ? undefined : mapProblem(extensions);
  if (extensionsProblem !== undefined) {
    report(
      'missing-capability-error',
      `The server's -32021 error for ${where} has requiredCapabilities.extensions that ${extensionsProblem}; it maps each extension id to its settings object ({} for none)`,
    );
    return;
  }
  if (needsTasksExtension(request) && request.tasks !== true && !(TASKS_EXTENSION in (asRecord(extensions) ?? {}))) {
    report(
      'missing-capability-error',
      `The server's -32021 error for ${where} does not name ${TASKS_EXTENSION} in requiredCapabilities.extensions, the extension this request needs and did not declare`,
    );
    return;
  }
  const declared = request.capabilities;
  if (declared === undefined) return;
  const paths = leafPaths(required);
  if (paths.every((path) => declares(declared, path))) {
    report(
      'missing-capability-error',
      `The server's -32021 error for ${where} asks for ${paths.map((p) => p.join('.')).join(', ')}, which the request's clientCapabilities did declare`,
    );
  }
}

/** What is wrong with an extensions map, or undefined when it names extensions with settings objects. */
function mapProblem(value: unknown): string | undefined {
  const map = asRecord(value);
  if (map === undefined) return `is ${formatId(value)}, not an object`;
  const keys = Object.keys(map);
  if (keys.length === 0) return 'names no extension';
  const bad = keys.filter((key) => asRecord(map[key]) === undefined);
  if (bad.length === 0) return undefined;
  return `gives ${bad.map((key) => JSON.stringify(key)).join(', ')} a value that is not an object`;
}

/** The tasks extension's own methods, and a listen that asks for task notifications, need it declared. */
function needsTasksExtension(request: RequestInfo): boolean {
  if (TASK_EXTENSION_METHODS.has(request.method)) return true;
  return request.method === 'subscriptions/listen' && request.listen?.filter.taskIds !== undefined;
}

function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const record = asRecord(child);
    const nested = record === undefined ? [] : leafPaths(record, [...prefix, key]);
    out.push(...(nested.length > 0 ? nested : [[...prefix, key]]));
  }
  return out;
}
