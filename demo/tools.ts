// The demo tools. Every handler is written once and serves both protocol
// flows; the SDK adapts progress, cancellation and input_required per era.

import { setTimeout as sleep } from 'node:timers/promises';

import {
  acceptedContent,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
  type JsonSchemaType,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

import { SERVER_NAME, type DemoEra } from './info.js';
import { DEMO_PNG_BASE64, DEMO_WAV_BASE64 } from './media.js';
import { requestStateCodec } from './requestState.js';
import { registerResearch } from './research.js';
import { echoPrefix } from './variant.js';

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

// ---------------------------------------------------------------------------
// create_order: a deliberately rich input schema, written as plain JSON Schema
// so `delivery` stays a real `oneOf` (zod unions serialize as `anyOf`). The
// output schema is plain JSON Schema too, for a clean `integer` in tools/list.

type Priority = 'low' | 'normal' | 'high';

interface CreateOrderInput {
  customer: { name: string; email?: string };
  items: Array<{ sku: string; quantity: number }>;
  priority: Priority;
  discount?: number;
  gift?: boolean;
  note?: string | null;
  delivery: { type: 'pickup'; store: string } | { type: 'ship'; address: string };
}

const CREATE_ORDER_INPUT_SCHEMA: JsonSchemaType = {
  type: 'object',
  properties: {
    customer: {
      type: 'object',
      title: 'Customer',
      properties: {
        name: { type: 'string', minLength: 1, title: 'Name' },
        email: { type: 'string', format: 'email', title: 'Email' },
      },
      required: ['name'],
      additionalProperties: false,
    },
    items: {
      type: 'array',
      title: 'Items',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', minLength: 1, title: 'SKU', examples: ['LENS-01', 'CAP-02', 'STRAP-03'] },
          quantity: { type: 'integer', minimum: 1, maximum: 99, title: 'Quantity' },
        },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
    },
    priority: { type: 'string', enum: ['low', 'normal', 'high'], title: 'Priority' },
    discount: { type: 'number', minimum: 0, maximum: 100, title: 'Discount (%)' },
    gift: { type: 'boolean', title: 'Gift wrap' },
    note: { type: ['string', 'null'], title: 'Note', description: 'Free text, or null for no note' },
    delivery: {
      title: 'Delivery',
      oneOf: [
        {
          type: 'object',
          title: 'Pickup',
          properties: {
            type: { const: 'pickup' },
            store: { type: 'string', minLength: 1, title: 'Store' },
          },
          required: ['type', 'store'],
          additionalProperties: false,
        },
        {
          type: 'object',
          title: 'Ship',
          properties: {
            type: { const: 'ship' },
            address: { type: 'string', minLength: 1, title: 'Address' },
          },
          required: ['type', 'address'],
          additionalProperties: false,
        },
      ],
    },
  },
  required: ['customer', 'items', 'priority', 'delivery'],
  additionalProperties: false,
};

interface CreateOrderOutput {
  orderId: string;
  itemCount: number;
  total: number;
  priority: Priority;
  delivery: 'pickup' | 'ship';
}

const CREATE_ORDER_OUTPUT_SCHEMA: JsonSchemaType = {
  type: 'object',
  properties: {
    orderId: { type: 'string' },
    itemCount: { type: 'integer', description: 'Total quantity across all lines' },
    total: { type: 'number', description: 'Order total after discount' },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
    delivery: { type: 'string', enum: ['pickup', 'ship'] },
  },
  required: ['orderId', 'itemCount', 'total', 'priority', 'delivery'],
  additionalProperties: false,
};

/** Unit prices of the demo catalogue; unknown SKUs cost DEFAULT_UNIT_PRICE. */
const UNIT_PRICES: Record<string, number> = { 'LENS-01': 49.9, 'CAP-02': 4.5, 'STRAP-03': 12 };
const DEFAULT_UNIT_PRICE = 10;

let orderSequence = 0;

// ---------------------------------------------------------------------------
// confirm_action: one handler for both flows. It returns `input_required`; on
// the stateless flow the client fulfils it and retries, on the handshake flow
// the SDK's legacy shim sends a real `elicitation/create` and re-enters.

const CONFIRM_REQUESTED_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Confirm', description: 'Go ahead with the action?' },
    comment: { type: 'string' as const, title: 'Comment', description: 'Optional note for the log' },
  },
  required: ['confirm'],
};

const CONFIRM_ANSWER = z.object({ confirm: z.boolean(), comment: z.string().optional() });

interface ConfirmState {
  action: string;
}

async function askForConfirmation(action: string): Promise<InputRequiredResult> {
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        mode: 'form',
        message: `Confirm action: ${action}?`,
        requestedSchema: CONFIRM_REQUESTED_SCHEMA,
      }),
    },
    requestState: await requestStateCodec.mint({ action }),
  });
}

async function confirmAction(action: string, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
  const state = ctx.mcpReq.requestState<ConfirmState>();
  // First round, or an answer that does not belong to this action: ask (again).
  if (answer.kind !== 'elicit' || state?.action !== action) {
    return askForConfirmation(action);
  }
  if (answer.action === 'cancel') return text(`Cancelled: ${action}`);
  if (answer.action === 'decline') return text(`Declined: ${action}`);
  const content = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', CONFIRM_ANSWER);
  if (content === undefined) {
    // Accepted, but the content does not match the requested schema.
    return askForConfirmation(action);
  }
  const result = text(`${content.confirm ? 'Confirmed' : 'Declined'}: ${action}`);
  if (content.comment) result.content.push({ type: 'text', text: `Comment: ${content.comment}` });
  return result;
}

// ---------------------------------------------------------------------------

export function registerTools(server: McpServer, era: DemoEra): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message it was given (and logs it at info level, for clients that ask for log messages).',
      inputSchema: z.object({ message: z.string().describe('Text to echo back') }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ message }, ctx) => {
      // Sent only when the client asked for logs: logging/setLevel (handshake) or _meta logLevel (stateless).
      await ctx.mcpReq.log('info', { echoed: message }, 'echo');
      return text(`${echoPrefix()}${message}`);
    },
  );

  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: z.object({
        a: z.number().describe('First addend'),
        b: z.number().describe('Second addend'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ a, b }) => text(`${String(a)} + ${String(b)} = ${String(a + b)}`),
  );

  server.registerTool(
    'create_order',
    {
      title: 'Create order',
      description:
        'Creates a (fake) order. Its input schema exercises nested objects, arrays, enums, ' +
        'ranges, nullable and optional fields, and a oneOf; the result carries structuredContent.',
      inputSchema: fromJsonSchema<CreateOrderInput>(CREATE_ORDER_INPUT_SCHEMA),
      outputSchema: fromJsonSchema<CreateOrderOutput>(CREATE_ORDER_OUTPUT_SCHEMA),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (order) => {
      orderSequence += 1;
      const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
      const subtotal = order.items.reduce((sum, item) => sum + item.quantity * (UNIT_PRICES[item.sku] ?? DEFAULT_UNIT_PRICE), 0);
      const total = Math.round(subtotal * (1 - (order.discount ?? 0) / 100) * 100) / 100;
      const structuredContent: CreateOrderOutput = {
        orderId: `ORD-${String(orderSequence).padStart(4, '0')}`,
        itemCount,
        total,
        priority: order.priority,
        delivery: order.delivery.type,
      };
      return {
        content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
        structuredContent,
      };
    },
  );

  server.registerTool(
    'media',
    {
      title: 'Media',
      description: 'Returns an image, an audio clip and a link to the server-info resource.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => ({
      content: [
        { type: 'image', data: DEMO_PNG_BASE64, mimeType: 'image/png' },
        { type: 'audio', data: DEMO_WAV_BASE64, mimeType: 'audio/wav' },
        {
          type: 'resource_link',
          uri: 'info://server-info',
          name: 'server-info',
          title: 'Server info',
          description: 'Facts about this demo server process',
          mimeType: 'application/json',
        },
      ],
    }),
  );

  server.registerTool(
    'fail',
    {
      title: 'Fail',
      description: 'Always fails with a tool error (isError: true), not a JSON-RPC error.',
      inputSchema: z.object({ reason: z.string().optional().describe('Optional reason to include') }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ reason }) => ({
      isError: true,
      content: [
        {
          type: 'text',
          text: `The fail tool always fails: this is a tool-level error result, not a protocol error.${reason ? ` Reason: ${reason}` : ''}`,
        },
      ],
    }),
  );

  server.registerTool(
    'slow',
    {
      title: 'Slow',
      description:
        'Works through a number of steps, sending notifications/progress after each one when the ' +
        'request carries a progress token. Honours cancellation.',
      inputSchema: z.object({
        steps: z.number().int().min(1).max(50).default(5).describe('Number of steps'),
        delayMs: z.number().int().min(10).max(5000).default(500).describe('Delay per step (ms)'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ steps, delayMs }, ctx) => {
      const { signal } = ctx.mcpReq;
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        try {
          await sleep(delayMs, undefined, { signal });
        } catch (error) {
          if (!signal.aborted) throw error;
          console.error(`${SERVER_NAME}: slow cancelled after ${step - 1} of ${steps} steps (${era})`);
          // The SDK sends no response for a cancelled request; this is discarded.
          return text(`Cancelled after ${step - 1} of ${steps} steps`);
        }
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: `Step ${step} of ${steps}` },
          });
        }
      }
      return text(`Done after ${steps} steps`);
    },
  );

  server.registerTool(
    'confirm_action',
    {
      title: 'Confirm action',
      description:
        'Asks the user to confirm an action: elicitation/create on the handshake flow, an ' +
        'input_required result on the stateless flow.',
      inputSchema: z.object({ action: z.string().describe('What to confirm, e.g. "delete the cache"') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ action }, ctx) => confirmAction(action, ctx),
  );

  registerResearch(server, era);
}
