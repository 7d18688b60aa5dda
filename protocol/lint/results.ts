/**
 * Rules about what a result says, by the method it answers: list shapes, tool definitions,
 * content blocks and structured content. Both flows; only final results are checked (an
 * input_required result carries none of these fields).
 */
import { appMayCall } from '../apps/appTool.js';
import { checkAppResource, checkAppTool } from './appServerRules.js';
import type { z } from 'zod';

import { schemaCheck } from './jsonSchema.js';
import { describeUnchecked } from './safePattern.js';
import { checkResultShape } from './resultShapes.js';
import { CONTENT_BLOCKS, LIST_RESULTS, formatIssues, promptRoleSchema } from './schemas.js';
import { asRecord, describeRequest, formatId, type Check, type RequestInfo, type ToolInfo } from './state.js';
import { isLegacyTask } from './taskRules.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export function checkResult(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const resultType = result.resultType;
  if (resultType !== undefined && resultType !== 'complete') return;
  // 2025-11-25 task-augmented request: the answer is a CreateTaskResult, the real one comes by
  // tasks/result. One to a request that did not ask for it is task-not-requested's to say.
  if (asRecord(result.task) !== undefined && (request.taskAugmented || isLegacyTask(result.task))) return;
  const listSchema = LIST_RESULTS[request.method];
  if (listSchema) checkListShape(check, request, result, listSchema);
  checkResultShape(check, request, result);
  switch (request.method) {
    case 'tools/list':
      checkTools(check, request, result);
      return;
    case 'tools/call':
      checkToolCall(check, request, result);
      return;
    case 'prompts/get':
      checkPromptMessages(check, request, result);
      return;
    case 'resources/read':
      checkAppResource(check, request, result);
      return;
    default:
      return;
  }
}

function checkListShape(check: Check, request: RequestInfo, result: Record<string, unknown>, schema: z.ZodType): void {
  const parsed = schema.safeParse(result);
  if (parsed.success) return;
  check.report('tool-list-shape', `The ${describeRequest(request)} result has the wrong shape: ${formatIssues(parsed.error.issues)}`);
}

function checkTools(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const { state, report } = check;
  if (!Array.isArray(result.tools)) return;
  // A first page replaces what was known; later pages (with a cursor) add to it.
  if (!request.paged) state.tools.clear();
  const where = describeRequest(request);
  for (const [index, entry] of result.tools.entries()) {
    const tool = asRecord(entry);
    if (!tool) continue;
    const name = tool.name;
    const label = typeof name === 'string' ? `tool ${JSON.stringify(name)}` : `tool #${index}`;
    if (typeof name === 'string' && !TOOL_NAME.test(name)) {
      const why =
        name.length === 0 || name.length > 128
          ? `is ${name.length} characters long`
          : 'has characters other than ASCII letters, digits, "_", "-" and "."';
      report('tool-name', `In the ${where} result, the name of ${label} ${why}; tool names should be 1 to 128 of those characters`);
    }
    checkInputSchema(check, where, label, tool.inputSchema, 'inputSchema' in tool);
    checkAppTool(check, where, label, tool);
    const info: ToolInfo = appMayCall(tool) ? {} : { appCallable: false };
    const outputSchema = asRecord(tool.outputSchema);
    if (outputSchema) {
      const output = schemaCheck(outputSchema);
      if (output.ok) info.output = output;
      else if (output.invalid) {
        report('tool-list-shape', `In the ${where} result, the outputSchema of ${label} cannot be used: ${output.reason}`);
      }
    }
    if (typeof name === 'string') state.tools.set(name, info);
  }
}

function checkInputSchema(check: Check, where: string, label: string, schema: unknown, present: boolean): void {
  const object = asRecord(schema);
  let problem: string | undefined;
  if (!present) problem = 'has no inputSchema';
  else if (!object) problem = `has an inputSchema that is not a JSON object (${formatId(schema)})`;
  else if (object.type !== 'object') {
    problem =
      object.type === undefined
        ? 'has an inputSchema without a root "type"'
        : `has an inputSchema whose root type is ${formatId(object.type)}`;
  }
  if (problem) check.report('tool-input-schema-root', `In the ${where} result, ${label} ${problem}; the root must be {"type": "object"}`);
}

function checkToolCall(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const where = describeRequest(request);
  if (!Array.isArray(result.content)) {
    check.report(
      'content-block',
      `The ${where} result has no content array${'content' in result ? ` (content is ${formatId(result.content)})` : ''}`,
    );
  } else {
    const problems = result.content.flatMap((block, index) => blockProblems(block, `content[${index}]`));
    reportBlocks(check, where, problems);
  }
  const tool = request.name === undefined ? undefined : check.state.tools.get(request.name);
  if (!tool?.output?.ok || result.isError === true) return;
  if (!('structuredContent' in result)) {
    check.report(
      'tool-structured-content-missing',
      `The ${where} result has no structuredContent, but the tool declares an outputSchema; a successful result must carry structured content that conforms to it`,
    );
    return;
  }
  const problems = tool.output.validate(result.structuredContent);
  if (problems.length > 0) {
    check.report(
      'tool-structured-content',
      `The structuredContent of the ${where} result does not match the tool's outputSchema: ${problems.join('; ')}${
        tool.output.unchecked.length > 0 ? `; ${describeUnchecked(tool.output.unchecked)}` : ''
      }`,
    );
  }
}

function checkPromptMessages(check: Check, request: RequestInfo, result: Record<string, unknown>): void {
  const where = describeRequest(request);
  if (!Array.isArray(result.messages)) {
    check.report('content-block', `The ${where} result has no messages array`);
    return;
  }
  const problems: string[] = [];
  for (const [index, entry] of result.messages.entries()) {
    const path = `messages[${index}]`;
    const message = asRecord(entry);
    if (!message) {
      problems.push(`${path} is not an object`);
      continue;
    }
    if (!promptRoleSchema.safeParse(message.role).success)
      problems.push(`${path}.role is ${formatId(message.role)}, not "user" or "assistant"`);
    problems.push(...blockProblems(message.content, `${path}.content`));
  }
  reportBlocks(check, where, problems);
}

function reportBlocks(check: Check, where: string, problems: string[], max = 5): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, max);
  if (problems.length > max) shown.push(`and ${problems.length - max} more`);
  check.report('content-block', `The ${where} result has malformed content: ${shown.join('; ')}`);
}

function blockProblems(value: unknown, path: string): string[] {
  const block = asRecord(value);
  if (!block) return [`${path} is not an object`];
  const type = block.type;
  const schema = typeof type === 'string' ? CONTENT_BLOCKS[type] : undefined;
  if (!schema) return [type === undefined ? `${path} has no type` : `${path} has unknown type ${formatId(type)}`];
  const parsed = schema.safeParse(block);
  return parsed.success ? [] : [`${path} (${String(type)}) ${formatIssues(parsed.error.issues)}`];
}
