/**
 * The session file (*.mcplens.json): every event with its exact bytes, the servers (with env
 * values redacted), and the flow each connection used. Documented in docs/session-format.md;
 * the JSON Schema is docs/session-format.schema.json.
 */
import { z } from 'zod';
import { bridgeEventSchema, redactedConnectionConfigSchema, type BridgeEvent, type RedactedConnectionConfig } from './envelope.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';
import { maskHeaders, maskUrl, redactConnectionConfig } from './redact.js';
import { describeForeign, jsonProblem, schemaProblem, versionProblem } from './sessionProblems.js';

export { redactArgs } from './redact.js';

export const SESSION_FORMAT = 'mcp-lens-session';
export const SESSION_FORMAT_VERSION = 1;

export const sessionConnectionSchema = z.object({
  conn: z.string(),
  label: z.string().optional(),
  config: redactedConnectionConfigSchema,
  flow: z.enum(['handshake', 'stateless']).optional(),
  protocolVersion: z.string().optional(),
});
export type SessionConnection = z.infer<typeof sessionConnectionSchema>;

export const sessionFileSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_FORMAT_VERSION),
  createdAt: z.string(),
  producer: z.object({ name: z.string(), version: z.string() }),
  connections: z.array(sessionConnectionSchema),
  events: z.array(bridgeEventSchema),
});
export type SessionFile = z.infer<typeof sessionFileSchema>;

/** Every secret out of a journaled config, again: the file promises none, whatever the events carried. */
function redactConfigForExport(config: RedactedConnectionConfig): RedactedConnectionConfig {
  return redactConnectionConfig(config).config;
}

export function buildSessionFile(
  events: readonly BridgeEvent[],
  producer: { name: string; version: string },
  createdAt = new Date(),
): SessionFile {
  const connections = new Map<string, SessionConnection>();
  const out: BridgeEvent[] = [];
  for (const event of events) {
    if ((event.kind === 'spawn' || event.kind === 'spawn-error') && event.conn !== undefined) {
      const config = redactConfigForExport(event.config);
      const existing = connections.get(event.conn);
      connections.set(event.conn, {
        ...existing,
        conn: event.conn,
        config,
        ...(event.kind === 'spawn' && event.label !== undefined ? { label: event.label } : {}),
      });
      out.push({ ...event, config });
      continue;
    }
    // Masked when recorded; masked again, as configs are, whatever a journal carried.
    if (event.kind === 'http' && event.phase === 'request') {
      out.push({ ...event, url: maskUrl(event.url), headers: maskHeaders(event.headers) });
      continue;
    }
    if (event.kind === 'http' && event.phase === 'response') {
      out.push({ ...event, headers: maskHeaders(event.headers) });
      continue;
    }
    if (event.kind === 'note' && event.conn !== undefined && event.topic === 'connect.done') {
      const outcome = (event.data as { outcome?: { flow?: unknown; protocolVersion?: unknown } } | null)?.outcome;
      const info = connections.get(event.conn);
      if (info && (outcome?.flow === 'handshake' || outcome?.flow === 'stateless')) {
        info.flow = outcome.flow;
        if (typeof outcome.protocolVersion === 'string') info.protocolVersion = outcome.protocolVersion;
      }
    }
    out.push(event);
  }
  return {
    format: SESSION_FORMAT,
    version: SESSION_FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    producer,
    connections: [...connections.values()],
    events: out,
  };
}

export type ParsedSessionFile = { ok: true; file: SessionFile } | { ok: false; error: string };

export function parseSessionFile(text: string): ParsedSessionFile {
  if (nestsDeeperThan(text))
    return { ok: false, error: `it nests deeper than ${MAX_JSON_DEPTH} levels, which no session file this app writes does` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: jsonProblem(text, error) };
  }
  return parseSessionValue(value);
}

/** The same judgement on JSON already parsed (a reader that had to parse it to see what it is). */
export function parseSessionValue(value: unknown): ParsedSessionFile {
  const doc = value as { format?: unknown; version?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || doc.format !== SESSION_FORMAT)
    return { ok: false, error: describeForeign(value) };
  // The version first: a newer file may differ anywhere, and its first difference would say less.
  const version = versionProblem(doc.version, SESSION_FORMAT_VERSION);
  if (version) return { ok: false, error: version };
  const parsed = sessionFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: schemaProblem(value, parsed.error.issues[0]) };
  return { ok: true, file: parsed.data };
}
