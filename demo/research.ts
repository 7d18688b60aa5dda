// research: the demo's long-running tool, the one that can run as a task. It works through
// `steps` timed steps and, halfway, asks the client how deep to go (a form elicitation with one
// enum field), then finishes and reports the topic, the depth and the steps done.
//
// Two ways in, one piece of work:
// - as a task (taskRunner.ts, reached through the wire layers in front of the SDK, see
//   taskTransport.ts): `researchJob` runs on the task's timers and asks through the task;
// - as a plain call (registered here, served by the SDK): the handler does the first half,
//   returns input_required (the SDK turns it into an `elicitation/create` request on the
//   handshake flow), and a retry with the answer does the second half. A client that cannot
//   answer a form gets the brief depth without being asked.

import { setTimeout as sleep } from 'node:timers/promises';

import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  fromJsonSchema,
  inputRequired,
  type CallToolResult,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  type JsonSchemaType,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

import { SERVER_NAME, type DemoEra } from './info.js';
import { requestStateCodec } from './requestState.js';
import type { TaskJob, TaskQuestion } from './taskRunner.js';

export const RESEARCH_TOOL = 'research';

const researchInput = z.object({
  topic: z.string().describe('What to research'),
  steps: z.number().int().min(1).max(20).default(4).describe('Number of steps'),
  stepMs: z.number().int().min(10).max(10_000).default(300).describe('Time per step (ms)'),
});
export type ResearchArgs = z.output<typeof researchInput>;

const DEPTHS = ['brief', 'thorough'] as const;
type Depth = (typeof DEPTHS)[number];

type ResearchOutput = {
  topic: string;
  depth: Depth;
  depthChosenBy: 'client' | 'default';
  steps: number;
};

// Plain JSON Schema, as create_order's, for a clean `integer` in tools/list.
const RESEARCH_OUTPUT_SCHEMA: JsonSchemaType = {
  type: 'object',
  properties: {
    topic: { type: 'string' },
    depth: { type: 'string', enum: [...DEPTHS] },
    depthChosenBy: {
      type: 'string',
      enum: ['client', 'default'],
      description: 'Whether the client answered the question, or brief was taken',
    },
    steps: { type: 'integer', description: 'Steps done' },
  },
  required: ['topic', 'depth', 'depthChosenBy', 'steps'],
  additionalProperties: false,
};

/** The key of the one question, in a task's `inputRequests` and in an input_required round alike. */
const DEPTH_KEY = 'depth';

const DEPTH_ANSWER = z.object({ depth: z.enum(DEPTHS) });

function depthQuestion(topic: string): TaskQuestion {
  const params: ElicitRequestFormParams = {
    mode: 'form',
    message: `Halfway through researching "${topic}": how deep should the rest go?`,
    requestedSchema: {
      type: 'object',
      properties: {
        depth: { type: 'string', title: 'Depth', description: 'brief: the essentials; thorough: everything found', enum: [...DEPTHS] },
      },
      required: ['depth'],
    },
  };
  return { key: DEPTH_KEY, params };
}

/** The depth an answer chose; undefined for a decline, a cancel or content that does not fit the form. */
function depthOf(response: unknown): Depth | undefined {
  return acceptedContent({ [DEPTH_KEY]: response }, DEPTH_KEY, DEPTH_ANSWER)?.depth;
}

/** Arguments as the tool's schema reads them (defaults filled in), or undefined when they do not fit. */
export function parseResearchArgs(value: unknown): ResearchArgs | undefined {
  const parsed = researchInput.safeParse(value ?? {});
  return parsed.success ? parsed.data : undefined;
}

/** Whether declared client capabilities let the server ask a form question (`elicitation: {}` means form). */
export function canAskForm(capabilities: unknown): boolean {
  const elicitation = record(capabilities).elicitation;
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  return 'form' in elicitation || !('url' in elicitation);
}

const stepsBeforeQuestion = (steps: number): number => Math.floor(steps / 2);

/** Steps `from + 1` to `to`, each announced, then waited for on a timer the signal can stop. */
async function workSteps(args: ResearchArgs, from: number, to: number, signal: AbortSignal, announce: (step: number) => unknown) {
  for (let step = from + 1; step <= to; step++) {
    await announce(step);
    await sleep(args.stepMs, undefined, { signal });
  }
}

function researchResult(args: ResearchArgs, depth: Depth | undefined): CallToolResult {
  const structuredContent: ResearchOutput = {
    topic: args.topic,
    depth: depth ?? 'brief',
    depthChosenBy: depth === undefined ? 'default' : 'client',
    steps: args.steps,
  };
  const how = depth === undefined ? 'brief depth (none was chosen)' : `${depth} depth`;
  return {
    content: [{ type: 'text', text: `Research on "${args.topic}" done: ${how}, ${args.steps} of ${args.steps} steps.` }],
    structuredContent,
  };
}

const stepMessage = (step: number, steps: number): string => `step ${step} of ${steps}`;
const WAITING_MESSAGE = 'waiting for your answer';

/** The research as a task's job: the question goes through the task when the client can answer it. */
export function researchJob(args: ResearchArgs, canAsk: boolean): TaskJob {
  return async (work) => {
    const pause = stepsBeforeQuestion(args.steps);
    const announce = (step: number) => work.report(stepMessage(step, args.steps));
    await workSteps(args, 0, pause, work.signal, announce);
    const depth = canAsk ? depthOf(await work.ask(depthQuestion(args.topic), WAITING_MESSAGE)) : undefined;
    await workSteps(args, pause, args.steps, work.signal, announce);
    return researchResult(args, depth);
  };
}

/** The first message of a task that runs `args`. */
export const firstStepMessage = (args: ResearchArgs): string => stepMessage(1, args.steps);

// ---------------------------------------------------------------------------
// The plain call, served by the SDK.

const researchState = z.object({
  research: z.object({ topic: z.string(), steps: z.number(), stepMs: z.number(), done: z.number() }),
});

/** Whether this call is the retry of our own input round for the same arguments (first half done). */
function isSecondHalf(args: ResearchArgs, ctx: ServerContext): boolean {
  const state = researchState.safeParse(ctx.mcpReq.requestState());
  if (!state.success) return false;
  const { topic, steps, stepMs, done } = state.data.research;
  return topic === args.topic && steps === args.steps && stepMs === args.stepMs && done === stepsBeforeQuestion(args.steps);
}

async function researchNow(args: ResearchArgs, ctx: ServerContext, canAsk: boolean): Promise<CallToolResult | InputRequiredResult> {
  const { signal } = ctx.mcpReq;
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const announce = (step: number) =>
    progressToken === undefined
      ? undefined
      : ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: step, total: args.steps, message: stepMessage(step, args.steps) },
        });
  const pause = stepsBeforeQuestion(args.steps);
  const secondHalf = isSecondHalf(args, ctx);
  if (!secondHalf) {
    await workSteps(args, 0, pause, signal, announce);
    if (canAsk) {
      const { key, params } = depthQuestion(args.topic);
      return inputRequired({
        inputRequests: { [key]: inputRequired.elicit(params) },
        requestState: await requestStateCodec.mint({
          research: { topic: args.topic, steps: args.steps, stepMs: args.stepMs, done: pause },
        }),
      });
    }
  }
  const depth = secondHalf ? depthOf(ctx.mcpReq.inputResponses?.[DEPTH_KEY]) : undefined;
  await workSteps(args, pause, args.steps, signal, announce);
  return researchResult(args, depth);
}

export function registerResearch(server: McpServer, era: DemoEra): void {
  server.registerTool(
    RESEARCH_TOOL,
    {
      title: 'Research (a task)',
      description:
        'Researches a topic in timed steps and asks, halfway, how deep to go. Runs as a task where the ' +
        'client asks for one (params.task on the handshake flow; the io.modelcontextprotocol/tasks ' +
        'extension on the stateless flow), otherwise as a plain call with an input round.',
      inputSchema: researchInput,
      outputSchema: fromJsonSchema<ResearchOutput>(RESEARCH_OUTPUT_SCHEMA),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, ctx) => {
      // The handshake declared capabilities once; the stateless flow declares them on each request.
      const declared = era === 'legacy' ? server.server.getClientCapabilities() : record(ctx.mcpReq.envelope)[CLIENT_CAPABILITIES_META_KEY];
      try {
        return await researchNow(args, ctx, canAskForm(declared));
      } catch (error) {
        if (!ctx.mcpReq.signal.aborted) throw error;
        console.error(`${SERVER_NAME}: research on "${args.topic}" cancelled (${era})`);
        // The SDK sends no response for a cancelled request; this is discarded.
        return { content: [{ type: 'text', text: 'Cancelled' }] };
      }
    },
  );
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
