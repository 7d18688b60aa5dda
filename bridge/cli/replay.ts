/**
 * `mcp-lens replay FILE -- command`: a recorded session as a regression test. Each recorded
 * connection is replayed against a fresh start of the given server: the engine opens the
 * conversation again (in the recorded flow unless --flow says otherwise), the recorded calls are
 * sent again in order with new ids, the server's questions are answered as recorded, and each
 * answer is compared with the recorded one (protocol/replay). Exit 0 all match, 1 any
 * difference or unanswered request, 2 bad usage or an unreadable file, 3 the server could not
 * be reached or died.
 */
import type { FlowChoice } from '../../protocol/flows.js';
import type { ConnectionConfig } from '../../protocol/envelope.js';
import type { SessionConnection } from '../../protocol/sessionFile.js';
import { REDACTED } from '../../protocol/redact.js';
import { parseJsonPath, type JsonPath } from '../../protocol/replay/jsonPath.js';
import { ignoreRule } from '../../protocol/replay/volatile.js';
import { compareOpening, openingMethod, type GotOpening } from '../../protocol/replay/opening.js';
import { answeredOpening, replayable, replayConnect } from '../../protocol/replay/plan.js';
import { RecordedAnswers } from '../../protocol/replay/recordedAnswers.js';
import { readRecordings, type RecordedConnection } from '../../protocol/replay/recording.js';
import { replayCalls, type ExchangeReport } from '../../protocol/replay/replayCalls.js';
import { renderExchange, renderSummary, tally, type Tally } from '../../protocol/replay/report.js';
import {
  ENV_USAGE,
  envOptions,
  flowOption,
  msOption,
  parse,
  probeTimeoutOption,
  serverCommand,
  serverEnvValues,
  UsageError,
} from './args.js';
import { HeadlessClient } from './headless.js';
import { hasHttpValues, HTTP_USAGE, httpOptions, httpServerFrom, type HttpValues } from './httpOptions.js';
import { readSessionFile } from './readSession.js';
import { transcriptLine } from './transcript.js';
import { stderr, stdout } from './terminalOut.js';

export const REPLAY_USAGE = `Usage: mcp-lens replay <file> [options] [-- <command> [args...] | --url <url>]

Replays the requests of a session file (mcp-lens call --record, or an export from the app)
against a fresh start of the server, and compares each answer with the recorded one. A
connection recorded over HTTP is replayed at its recorded URL unless --url names another;
headers the file holds masked are left out (give them again with --header or a bearer token).
Each recorded URL is printed before anything is sent to it; a bearer token or --header is only
taken when the connections replayed share one origin (pick one with --conn, or give --url).

  --flow handshake|stateless|auto   how to open the conversation (default: the flow each
                                    connection was recorded in)
  --ignore <jsonpath>               set this part of every answer aside, e.g.
                                    '$.result.content[0].text' or '$..version' (repeatable)
  --strict                          compare the volatile values too (progress tokens,
                                    requestState, timestamps, process ids), set aside by default;
                                    JSON written out as text is compared as JSON, paths go on into it
  --conn <id>                       replay only this connection of the file
  --timeout <ms>                    per-request idle timeout (default 60000)
  --probe-timeout <ms>              auto: wait this long for server/discover before initialize
  --transcript                      print every wire line of the replay (on stderr)
${ENV_USAGE}
${HTTP_USAGE}

The opening request (initialize or server/discover) is made again by the engine and compared
when the flow is the recorded one. Notifications are not compared. Each difference is printed
with its JSON path, the recorded value and the new one.

Exit codes: 0 every answer matches; 1 at least one differs or went unanswered; 2 bad usage or a
file that is not a readable session file; 3 the server could not be reached or died.
`;

const replayOptions = {
  flow: { type: 'string' },
  ignore: { type: 'string', multiple: true },
  strict: { type: 'boolean', default: false },
  conn: { type: 'string' },
  timeout: { type: 'string', default: '60000' },
  'probe-timeout': { type: 'string' },
  transcript: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h' },
  ...envOptions(),
  ...httpOptions,
} as const;

export interface ReplayPlan {
  file: string;
  flow: FlowChoice | undefined;
  ignore: JsonPath[];
  strict: boolean;
  conn: string | undefined;
  timeoutMs: number;
  probe: { probeTimeoutMs?: number };
  transcript: boolean;
  /** The server named on the command line (after -- or --url); else each connection's recorded URL. */
  server: ConnectionConfig | undefined;
  /** --header and a bearer token, for a recorded URL. */
  http: HttpValues;
}

/** Reads the arguments of `mcp-lens replay`; undefined for --help; throws UsageError. */
export function planReplay(argv: string[]): ReplayPlan | undefined {
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const { values, positionals } = parse(own, replayOptions);
  if (values.help === true) return undefined;
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError('give the session file to replay');
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')} before --; the server's command goes after --`);
  const ignore: JsonPath[] = [];
  for (const source of values.ignore ?? []) {
    const parsed = parseJsonPath(source);
    if (!parsed.ok) throw new UsageError(`--ignore: ${parsed.error}`);
    ignore.push(parsed.path);
  }
  return {
    file,
    flow: values.flow === undefined ? undefined : flowOption(values.flow),
    ignore,
    strict: values.strict === true,
    conn: values.conn,
    timeoutMs: msOption('timeout', values.timeout),
    probe: probeTimeoutOption(values['probe-timeout']),
    transcript: values.transcript === true,
    server: commandLineServer(values, dashes === -1 ? undefined : argv.slice(dashes + 1)),
    http: values,
  };
}

function commandLineServer(
  values: HttpValues & { env?: string[]; 'pass-env'?: string[] },
  command: string[] | undefined,
): ConnectionConfig | undefined {
  const given = values.env !== undefined || values['pass-env'] !== undefined;
  if (values.url !== undefined) {
    if (command !== undefined) throw new UsageError('give the server with --url or after --, not both');
    if (given) throw new UsageError('--env and --pass-env are for a server MCP Lens starts, not one at a --url');
    return httpServerFrom(values, { transport: 'http', url: values.url, headers: {} });
  }
  if (command === undefined) {
    if (given) throw new UsageError('--env and --pass-env go with the server to start, after --');
    return undefined;
  }
  if (hasHttpValues(values)) throw new UsageError('--header, --bearer-token(-env) and --http-timeout are for a server over HTTP');
  return { ...serverCommand(command), env: serverEnvValues(values) };
}

/**
 * The server a connection is replayed against: the one on the command line, else the URL it
 * was recorded at, with the recorded headers that were not masked and those given again.
 */
export function replayServer(
  plan: Pick<ReplayPlan, 'server' | 'http'>,
  recorded: SessionConnection | undefined,
): { server: ConnectionConfig; notes: string[] } {
  if (plan.server) return { server: plan.server, notes: [] };
  const config = recorded?.config;
  if (config?.transport !== 'http')
    throw new UsageError(
      `connection ${JSON.stringify(recorded?.conn ?? '?')} ran a server process: give the server to run after --, e.g. -- node server.js`,
    );
  if (config.url.includes(REDACTED)) throw new UsageError(`the recorded URL has a masked part (${config.url}): give the URL with --url`);
  const masked = Object.keys(config.headers).filter((name) => config.headers[name]?.includes(REDACTED));
  const headers = Object.fromEntries(Object.entries(config.headers).filter(([name]) => !masked.includes(name)));
  const given = new Set([
    ...(plan.http.header ?? []).map((h) => h.slice(0, h.indexOf(':')).trim().toLowerCase()),
    ...(bearerGiven(plan.http) ? ['authorization'] : []),
  ]);
  const notes = masked
    .filter((name) => !given.has(name.toLowerCase()))
    .map((name) => `the file holds ${name} masked, so it is not sent: give it with --header (or --bearer-token-env for Authorization)`);
  return {
    server: httpServerFrom(plan.http, {
      transport: 'http',
      url: config.url,
      headers,
      ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
    }),
    notes,
  };
}

/** The distinct origins of the recorded URLs of these connections (those over HTTP). */
function recordedOrigins(connections: readonly (SessionConnection | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const c of connections) {
    if (c?.config.transport !== 'http') continue;
    try {
      origins.add(new URL(c.config.url).origin);
    } catch {
      origins.add(c.config.url);
    }
  }
  return [...origins];
}

function bearerGiven(values: HttpValues): boolean {
  return values['bearer-token'] !== undefined || values['bearer-token-env'] !== undefined;
}

export async function runReplay(argv: string[], out: NodeJS.WritableStream = stdout, err: NodeJS.WritableStream = stderr): Promise<number> {
  let plan: ReplayPlan | undefined;
  try {
    plan = planReplay(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`mcp-lens replay: ${error.message}\n\n${REPLAY_USAGE}`);
      return 2;
    }
    throw error;
  }
  if (plan === undefined) {
    out.write(REPLAY_USAGE);
    return 0;
  }
  const read = readSessionFile(plan.file);
  if (!read.ok) {
    err.write(`mcp-lens replay: ${read.error}\n`);
    return 2;
  }
  const recordings = readRecordings(read.file);
  const chosen = plan.conn === undefined ? replayable(recordings) : recordings.filter((r) => r.conn === plan.conn);
  if (plan.conn !== undefined && chosen.length === 0) {
    err.write(
      `mcp-lens replay: ${plan.file} has no connection "${plan.conn}" (it has ${recordings.map((r) => JSON.stringify(r.conn)).join(', ') || 'none'})\n`,
    );
    return 2;
  }
  if (chosen.length === 0) {
    err.write(`mcp-lens replay: ${plan.file} has no recorded requests to replay\n`);
    return 2;
  }
  // A token or a header given on the command line goes to one origin only: a file naming several
  // (it may come from anyone) would otherwise carry it wherever the file says.
  if (plan.server === undefined && (bearerGiven(plan.http) || (plan.http.header ?? []).length > 0)) {
    const origins = recordedOrigins(chosen.map((r) => read.file.connections.find((c) => c.conn === r.conn)));
    if (origins.length > 1) {
      err.write(
        `mcp-lens replay: the connections to replay were recorded at ${origins.length} origins (${origins.join(', ')}); a bearer token or --header goes to one origin only: pick a connection with --conn, or give the server with --url\n`,
      );
      return 2;
    }
  }
  const print = (text: string): boolean => out.write(`${text}\n`);
  const total: Tally = { match: 0, differ: 0, skipped: 0, failed: 0 };
  let code = 0;
  for (const recording of chosen) {
    let server: ConnectionConfig;
    try {
      const picked = replayServer(
        plan,
        read.file.connections.find((c) => c.conn === recording.conn),
      );
      server = picked.server;
      if (plan.server === undefined && server.transport === 'http')
        err.write(`mcp-lens replay: connection ${JSON.stringify(recording.conn)}: sending to ${server.url} (its recorded URL)\n`);
      for (const note of picked.notes) err.write(`mcp-lens replay: ${note}\n`);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      err.write(`mcp-lens replay: ${error.message}\n`);
      return 2;
    }
    const result = await replayConnection(recording, server, plan, print, err);
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += result.tally[key];
    code = Math.max(code, result.code);
  }
  print(`replay: ${renderSummary(total)}${chosen.length > 1 ? ` on ${chosen.length} connections` : ''}`);
  return code;
}

async function replayConnection(
  recording: RecordedConnection,
  server: ConnectionConfig,
  plan: ReplayPlan,
  print: (text: string) => void,
  err: NodeJS.WritableStream,
): Promise<{ code: number; tally: Tally }> {
  const { choice, ...how } = replayConnect(recording, plan.flow);
  const answers = new RecordedAnswers(recording.questions);
  let t0: number | undefined;
  const client = new HeadlessClient(server, {
    onEvent: (event) => {
      t0 ??= event.t;
      if (plan.transcript) err.write(`${transcriptLine(event, t0)}\n`);
    },
    onServerRequest: async (method, params) => answers.answer(method, params),
  });
  const heading = `connection ${JSON.stringify(recording.conn)}${recording.label ? ` (${recording.label})` : ''}, recorded in the ${recording.flow ?? 'unknown'} flow`;
  const failed = async (reason: string, code: number): Promise<{ code: number; tally: Tally }> => {
    if (client.running) await client.stop();
    print(`${heading}\n  FAILED   ${reason}`);
    return { code, tally: { match: 0, differ: 0, skipped: 0, failed: 1 } };
  };
  const spawnError = await client.start();
  if (spawnError) return failed(`could not start the server: ${spawnError}`, 3);
  const connected = await client.connect(choice, { ...how, timeoutMs: plan.timeoutMs, ...plan.probe });
  if (!connected.ok) return failed(`could not connect: ${connected.reason}`, 3);
  const session = client.session;
  if (!session) return failed('no session', 3);
  const crossFlow = recording.flow !== undefined && recording.flow !== session.flow;
  print(`${heading}, replayed in the ${session.flow} flow`);
  const ignore = ignoreRule({ paths: plan.ignore, crossFlow, strict: plan.strict });
  const reports: ExchangeReport[] = [];
  const report = (r: ExchangeReport): void => {
    reports.push(r);
    for (const line of renderExchange(r)) print(line);
  };
  report(compareOpening(recording, session.flow, openingAnswer(client, openingMethod(session.flow)), ignore));
  await replayCalls(recording.calls, session, { ignore, timeoutMs: plan.timeoutMs, answer: answers.answer, onReport: report });
  if (client.running) await client.stop();
  const counts = tally(reports);
  const fatal = reports.some((r) => r.status === 'failed' && r.fatal);
  print(`  ${renderSummary(counts)}`);
  return { code: fatal ? 3 : counts.differ + counts.failed > 0 ? 1 : 0, tally: counts };
}

/** The last answered opening request of this run, read back from its own record. */
function openingAnswer(client: HeadlessClient, method: string): GotOpening | undefined {
  return answeredOpening(client.tracker.exchanges.values(), method, (seq) => {
    const event = client.events.find((e) => e.seq === seq);
    return event?.kind === 'line' ? event.text : undefined;
  });
}
