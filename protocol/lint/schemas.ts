/**
 * Zod shapes of the results the linter checks. Loose objects throughout: unknown keys are
 * allowed (both revisions add fields), only what the spec requires is checked. The
 * `inputSchema` of a tool is left to its own rule (tool-input-schema-root).
 */
import { z } from 'zod';

/** Standard base64 as `atob` accepts it: the alphabet, optional padding, no stray length. */
export function isBase64(text: string): boolean {
  let body = text;
  if (body.length % 4 === 0) {
    if (body.endsWith('==')) body = body.slice(0, -2);
    else if (body.endsWith('=')) body = body.slice(0, -1);
  }
  if (body.length % 4 === 1) return false;
  return /^[A-Za-z0-9+/]*$/.test(body);
}

const base64 = z.string().refine(isBase64, { message: 'must be base64' });
const record = z.record(z.string(), z.unknown());

const annotationsSchema = z.looseObject({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.string().optional(),
});

const blockBase = { annotations: annotationsSchema.optional(), _meta: record.optional() };

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string(), ...blockBase });
const imageBlock = z.looseObject({ type: z.literal('image'), data: base64, mimeType: z.string(), ...blockBase });
const audioBlock = z.looseObject({ type: z.literal('audio'), data: base64, mimeType: z.string(), ...blockBase });
const resourceLinkBlock = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  ...blockBase,
});
/** A resource's contents: embedded in a content block, or one of a resources/read result's contents. */
export const embeddedResourceSchema = z
  .looseObject({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    blob: base64.optional(),
  })
  .refine((r) => (r.text === undefined) !== (r.blob === undefined), { message: 'must have exactly one of text or blob' });
const resourceBlock = z.looseObject({ type: z.literal('resource'), resource: embeddedResourceSchema, ...blockBase });

/** Content block schemas by `type`. */
export const CONTENT_BLOCKS: Record<string, z.ZodType> = {
  text: textBlock,
  image: imageBlock,
  audio: audioBlock,
  resource_link: resourceLinkBlock,
  resource: resourceBlock,
};

export const promptRoleSchema = z.enum(['user', 'assistant']);

const iconSchema = z.looseObject({ src: z.string(), mimeType: z.string().optional(), sizes: z.array(z.string()).optional() });

const toolSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown().optional(),
  outputSchema: record.optional(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
  icons: z.array(iconSchema).optional(),
  _meta: record.optional(),
});

const promptSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(
      z.looseObject({
        name: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        required: z.boolean().optional(),
      }),
    )
    .optional(),
  icons: z.array(iconSchema).optional(),
});

/** What a resource and a resource template have in common. */
const resourceFields = {
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: annotationsSchema.optional(),
  icons: z.array(iconSchema).optional(),
};

const resourceSchema = z.looseObject({ uri: z.string(), size: z.number().optional(), ...resourceFields });

const resourceTemplateSchema = z.looseObject({ uriTemplate: z.string(), ...resourceFields });

const page = { nextCursor: z.string().optional() };

/** The list results checked by tool-list-shape, by method. */
export const LIST_RESULTS: Record<string, z.ZodType> = {
  'tools/list': z.looseObject({ tools: z.array(toolSchema), ...page }),
  'prompts/list': z.looseObject({ prompts: z.array(promptSchema), ...page }),
  'resources/list': z.looseObject({ resources: z.array(resourceSchema), ...page }),
  'resources/templates/list': z.looseObject({ resourceTemplates: z.array(resourceTemplateSchema), ...page }),
};

/** Complete results of these methods are cacheable in 2026-07-28: ttlMs and cacheScope are required. */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Zod issues as one short clause: "tools.0.name: expected string; …" (at most `max`). */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = '', max = 5): string {
  const parts = issues.slice(0, max).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  if (issues.length > max) parts.push(`and ${issues.length - max} more`);
  return parts.join('; ');
}
