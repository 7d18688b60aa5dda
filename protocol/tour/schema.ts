/**
 * docs/tour.schema.json, generated from the reader's own schema (format.ts) so the two cannot
 * drift: protocol/tour/schema.test.ts fails when the file is not what this makes, and
 * `node scripts/tour-schema.mjs` (after a build) writes it again. What a JSON Schema cannot say
 * (a `$ref` to an earlier step, ids unique, connection names that exist, JSONPath syntax) is
 * checked by the reader alone, with its line (docs/tours.md).
 */
import { z } from 'zod';
import { TOUR_VERSION, tourSchema } from './format.js';

export function tourJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(tourSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema, ...rest } = withoutZodFormats(generated) as Record<string, unknown>;
  return {
    $schema,
    $id: `https://mcp-lens.invalid/tour/v${TOUR_VERSION}.json`,
    title: `MCP Lens tour, version ${TOUR_VERSION}`,
    description:
      'A guided tour of a protocol conversation that MCP Lens plays step by step (docs/tours.md). Objects are closed: a field the format does not know is refused. The reader also checks what a schema cannot: $refs to earlier steps, unique step ids, known connection names, JSONPath syntax.',
    ...rest,
  };
}

/** zod writes `format: "starts_with"` beside the pattern that says the same; no JSON Schema format has that name. */
function withoutZodFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutZodFormats);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'format' && child === 'starts_with') continue;
    out[key] = withoutZodFormats(child);
  }
  return out;
}
