/**
 * Shapes of the results the handwritten rules name precisely: the two openings (initialize,
 * server/discover), resources/read, completion/complete, and the input_required interim result
 * of the stateless flow. The JSON Schema rule covers everything else, in broader words.
 */
import { z } from 'zod';

import { INPUT_REQUIRED_METHODS, META_KEYS } from '../flows.js';
import { checkInputRequestCapabilities } from './capabilities.js';
import { embeddedResourceSchema, formatIssues } from './schemas.js';
import { asRecord, describeRequest, formatId, type Check, type RequestInfo } from './state.js';

const record = z.record(z.string(), z.unknown());
const implementation = z.looseObject({ name: z.string(), version: z.string() });

const initializeResult = z.looseObject({
  protocolVersion: z.string(),
  capabilities: record,
  serverInfo: implementation,
  instructions: z.string().optional(),
});

const discoverResult = z.looseObject({
  supportedVersions: z.array(z.string()).min(1),
  capabilities: record,
  instructions: z.string().optional(),
  _meta: z.looseObject({ [META_KEYS.serverInfo]: implementation.optional() }).optional(),
});

const readResult = z.looseObject({ contents: z.array(embeddedResourceSchema) });

const completeResult = z.looseObject({
  completion: z
    .looseObject({
      values: z.array(z.string()).max(100),
      total: z.number().int().min(0).optional(),
      hasMore: z.boolean().optional(),
    })
    .refine((c) => c.total === undefined || c.total >= c.values.length, {
      message: 'total is smaller than the number of values given',
    }),
});

const INPUT_REQUEST_METHODS: ReadonlySet<string> = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

const SHAPES: Readonly<Record<string, { rule: string; schema: z.ZodType }>> = {
  initialize: { rule: 'initialize-result-shape', schema: initializeResult },
  'server/discover': { rule: 'discover-result-shape', schema: discoverResult },
  'resources/read': { rule: 'resource-read-shape', schema: readResult },
  'completion/complete': { rule: 'completion-result-shape', schema: completeResult },
};

/** A final result of a method with a shape rule. */
export function checkResultShape(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const shape = SHAPES[request.method];
  // A server/discover inside a handshake session: 2025-11-25 has no such method, so no shape.
  if (!shape || request.inSession === true) return;
  const parsed = shape.schema.safeParse(result);
  if (parsed.success) return;
  check.report(shape.rule, `The ${describeRequest(request)} result has the wrong shape: ${formatIssues(parsed.error.issues)}`);
}

/** Stateless flow: input_required only where retries exist, and only with something to retry with. */
export function checkInputRequired(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  if (check.flow !== 'stateless' || result.resultType !== 'input_required') return;
  const where = describeRequest(request);
  if (!INPUT_REQUIRED_METHODS.has(request.method)) {
    check.report(
      'input-required-method',
      `The server answered ${where} with input_required; only tools/call, prompts/get and resources/read may ask for input`,
    );
    return;
  }
  const problems: string[] = [];
  const hasRequests = result.inputRequests !== undefined;
  const hasState = result.requestState !== undefined;
  if (!hasRequests && !hasState) problems.push('it has neither inputRequests nor requestState');
  if (hasState && typeof result.requestState !== 'string') problems.push(`requestState is ${formatId(result.requestState)}, not a string`);
  const inputRequests = asRecord(result.inputRequests);
  if (hasRequests && inputRequests === undefined) problems.push('inputRequests is not an object of named requests');
  for (const [key, value] of Object.entries(inputRequests ?? {})) {
    const input = asRecord(value);
    const method = input?.method;
    if (typeof method !== 'string' || !INPUT_REQUEST_METHODS.has(method)) {
      problems.push(
        `inputRequests[${JSON.stringify(key)}].method is ${formatId(method)}, not elicitation/create, sampling/createMessage or roots/list`,
      );
    } else if (input?.params !== undefined && asRecord(input.params) === undefined) {
      problems.push(`inputRequests[${JSON.stringify(key)}].params is not an object`);
    }
  }
  if (problems.length > 0) {
    check.report(
      'input-required-shape',
      `The server's input_required result for ${where} is malformed: ${problems.slice(0, 5).join('; ')}`,
    );
    return;
  }
  if (inputRequests) checkInputRequestCapabilities(check, request, inputRequests);
}
