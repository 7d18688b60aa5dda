/**
 * The Replay form's fields, read into what a run needs. Pure: the recordings come from the
 * opened session's events (the same reading `mcp-lens replay` makes of a file), the server is
 * prefilled from the recorded spawn, and every problem is named before anything starts. The
 * recorded environment's values were redacted (a session file carries none), so a value still
 * reading `[redacted]` stops the run until it is typed again.
 */
import type { BridgeEvent, RedactedConfig, ServerConfig } from '../../../../protocol/envelope.js';
import type { FlowChoice } from '../../../../protocol/flows.js';
import { REDACTED } from '../../../../protocol/redact.js';
import { buildSessionFile } from '../../../../protocol/sessionFile.js';
import { parseJsonPath, type JsonPath } from '../../../../protocol/replay/jsonPath.js';
import { replayable } from '../../../../protocol/replay/plan.js';
import { readRecordings, type RecordedConnection } from '../../../../protocol/replay/recording.js';
import { fieldsToConfig, type ConfigFields } from '../connect/parseConfig.js';

/** `recorded`: each connection in the flow it was recorded in. */
export type FlowField = 'recorded' | FlowChoice;

export interface ReplayFields extends ConfigFields {
  /** A recorded connection's id, or '' for every one with something to replay. */
  conn: string;
  flow: FlowField;
  /** JSONPath to set aside, one per line. */
  ignore: string;
}

export interface ReplaySource {
  /** The file's name, or the past session's. */
  name: string;
  /** The connections with a call or an answered opening, in recording order. */
  recordings: RecordedConnection[];
  /** Each connection's spawn config as recorded (secrets redacted). */
  configs: ReadonlyMap<string, RedactedConfig>;
}

/** What a run is given. */
export interface ReplayPlan {
  source: string;
  recordings: RecordedConnection[];
  config: ServerConfig;
  /** Undefined: each connection in its recorded flow. */
  flow: FlowChoice | undefined;
  ignore: JsonPath[];
}

export function readSource(name: string, events: readonly BridgeEvent[]): ReplaySource {
  const file = buildSessionFile(events, { name: 'mcp-lens', version: 'app' });
  return {
    name,
    recordings: replayable(readRecordings(file)),
    // HTTP connections are not replayed (yet): only a stdio server's config prefills the form.
    configs: new Map(
      file.connections.flatMap((c) => (c.config.transport === 'http' || c.config.transport === 'app' ? [] : [[c.conn, c.config] as const])),
    ),
  };
}

/** The form as it opens: every connection, the recorded flow, and the first connection's server. */
export function prefill(source: ReplaySource): ReplayFields {
  const first = source.recordings[0];
  const config = first === undefined ? undefined : source.configs.get(first.conn);
  return {
    conn: '',
    flow: 'recorded',
    ignore: '',
    ...configFields(config),
  };
}

/** A recorded spawn config as the form's fields: one argument per line, NAME=value per line. */
export function configFields(config: RedactedConfig | undefined): ConfigFields {
  return {
    command: config?.command ?? '',
    args: config?.args.join('\n') ?? '',
    env: Object.entries(config?.env ?? {})
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
    cwd: config?.cwd ?? '',
    inheritEnv: false,
  };
}

/** The ignore field's paths, or why a line is not one (line numbers from 1; blank lines skipped). */
export function parseIgnore(text: string): { paths: JsonPath[]; errors: string[] } {
  const paths: JsonPath[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((line, i) => {
    const source = line.trim();
    if (source === '') return;
    const parsed = parseJsonPath(source);
    if (parsed.ok) paths.push(parsed.path);
    else errors.push(`line ${i + 1}: ${parsed.error}`);
  });
  return { paths, errors };
}

/** What the recording left redacted in the fields, for the form to point out. */
export function redactedLeft(fields: ReplayFields): { env: string[]; args: boolean } {
  const env = fields.env
    .split('\n')
    .map((line) => /^\s*([^=#\s][^=]*)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] === REDACTED)
    .map((m) => (m[1] ?? '').trim());
  return { env, args: fields.args.split('\n').some((a) => a.includes(REDACTED)) || fields.command.includes(REDACTED) };
}

export function readFields(fields: ReplayFields, source: ReplaySource): { plan?: ReplayPlan; errors: string[] } {
  const errors: string[] = [];
  const recordings = fields.conn === '' ? source.recordings : source.recordings.filter((r) => r.conn === fields.conn);
  if (recordings.length === 0)
    errors.push(fields.conn === '' ? 'this session has no recorded requests to replay' : `no recorded connection ${fields.conn}`);
  const { config, errors: configErrors } = fieldsToConfig(fields);
  errors.push(...configErrors);
  for (const name of redactedLeft(fields).env)
    errors.push(`env ${name} still reads ${REDACTED}: the session does not carry its value; type it, or remove the line`);
  const ignore = parseIgnore(fields.ignore);
  errors.push(...ignore.errors.map((e) => `Set aside: ${e}`));
  if (errors.length > 0 || !config) return { errors };
  return {
    plan: { source: source.name, recordings, config, flow: fields.flow === 'recorded' ? undefined : fields.flow, ignore: ignore.paths },
    errors,
  };
}
