/**
 * `mcp-lens call`: one request against a stdio server, in the chosen flow, from a script.
 * stdout: the result (or error) exactly as the server wrote it. stderr: the transcript when
 * asked, lint findings, flags, and a one-line reason on failure. Exit 0 success; 1 JSON-RPC
 * error, isError or no final result; 2 bad usage; 3 unreachable, dead or timed out.
 */
import type { Outcome, RequestOptions } from '../../protocol/clientSession.js';
import {
  answerInputRequests,
  answerElicitation,
  notHandled,
  refusal,
  rootsReply,
  type Answerer,
  type ElicitAction,
} from '../../protocol/answers.js';
import { typeToolArgs } from '../../protocol/toolArgs.js';
import { findListed } from '../../protocol/pagination.js';
import { memberText } from '../../protocol/jsonSpan.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../protocol/jsonDepth.js';
import { INPUT_REQUIRED_METHODS, LOG_LEVELS } from '../../protocol/flows.js';
import { errorCodeName, explainError, type JsonRpcId } from '../../protocol/jsonrpc.js';
import { removedMethodNote } from '../../protocol/removedMethods.js';
import type { Finding } from '../../protocol/lint/index.js';
import { commonOptions, ENV_USAGE, flowOption, msOption, parse, probeTimeoutOption, UsageError } from './args.js';
import { configOptions, headlessServer } from './configFile.js';
import { CONN, HeadlessClient } from './headless.js';
import { recordTarget, writeRecord } from './record.js';
import { transcriptLine } from './transcript.js';
import { HTTP_USAGE, httpOptions } from './httpOptions.js';
import { cliOAuth } from './oauthOptions.js';
import { stderr, stdout } from './terminalOut.js';
import { runTask, serverTakesToolTasks, toolTaskMode, type TaskOutcome, type TaskStep } from '../../protocol/tasks.js';

export const CALL_USAGE = `Usage: mcp-lens call --method <method> [options] -- <command> [args...]
       mcp-lens call --method <method> [options] --url <url> [--header 'Name: value']...
       mcp-lens call --method <method> [options] --config <file> --server <name>

  --flow handshake|stateless|auto   how to open the conversation (default auto)
  --method <m>                      tools/list, tools/call, resources/read, prompts/get, ... any method
  --tool-name <n>                   tools/call: the tool
  --tool-arg k=v                    tools/call: an argument, typed by the tool's inputSchema (repeatable)
  --tool-args-json <json>           tools/call: the arguments, sent exactly as given
  --uri <u>                         resources/read, resources/subscribe: the resource
  --prompt-name <p>                 prompts/get: the prompt
  --prompt-arg k=v                  prompts/get: an argument (repeatable)
  --params-json <json>              any other method: the params object
  --protocol-version <v>            pin a version (handshake: initialize's; stateless: the envelope's)
  --no-discover                     stateless: skip server/discover
  --probe-timeout <ms>              auto: wait this long for server/discover before sending initialize too
                                    (default 3000); a later discover answer still wins
  --task                            tools/call: run it as a task (params.task in 2025-11-25; the Tasks
                                    extension declared in 2026-07-28), poll it to its end and print its
                                    result as a plain call would; a tool whose taskSupport is required
                                    runs as a task without it
  --poll-interval <ms>              a task: poll this often, whatever the server suggests
  --task-ttl <ms>                   a task: the lifetime to ask for (2025-11-25)
  --timeout <ms>                    per-request idle timeout, reset by progress (a progress token is sent; default 60000)
  --capabilities <json>             client capabilities to declare (default {"elicitation":{"form":{}},"roots":{}})
  --log-level <level>               stateless: _meta log level of the request; handshake: logging/setLevel first
  --elicit accept|decline|cancel    how to answer a server's elicitation (default cancel); sampling is always declined
                                    (URL mode: the action only, and refused unless --capabilities declares elicitation.url)
  --elicit-content <json>           the content sent with --elicit accept
  --transcript                      print every wire line with its time (on stderr)
  --record <file>                   write the session file (docs/session-format.md)
  --inherit-env                     hand the server this whole environment (default: PATH, HOME, USER,
                                    SHELL, TERM, LOGNAME only; more with --env and --pass-env)
${ENV_USAGE}
  --config <file> --server <name>   the server named in an mcpServers config file (Claude Desktop,
                                    Cursor, VS Code), with its env and cwd, in place of -- command
${HTTP_USAGE}

stdout carries the result (or {"error":...}) exactly as the server wrote it.
Exit codes: 0 success; 1 JSON-RPC error, isError: true, no final result (input_required left
unanswered), or the --record file could not be written; 2 bad usage (a --record folder that is
missing is found before the server starts); 3 unreachable, dead or timed out.
`;

const callOptions = {
  ...commonOptions,
  ...configOptions,
  ...httpOptions,
  method: { type: 'string' },
  'tool-name': { type: 'string' },
  'tool-arg': { type: 'string', multiple: true },
  'tool-args-json': { type: 'string' },
  uri: { type: 'string' },
  'prompt-name': { type: 'string' },
  'prompt-arg': { type: 'string', multiple: true },
  'params-json': { type: 'string' },
  elicit: { type: 'string', default: 'cancel' },
  capabilities: { type: 'string' },
  'log-level': { type: 'string' },
  'elicit-content': { type: 'string' },
  task: { type: 'boolean' },
  'poll-interval': { type: 'string' },
  'task-ttl': { type: 'string' },
} as const;

export async function runCall(argv: string[], out: NodeJS.WritableStream = stdout, err: NodeJS.WritableStream = stderr): Promise<number> {
  let plan: ReturnType<typeof planCall>;
  try {
    plan = planCall(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`mcp-lens call: ${error.message}\n\n${CALL_USAGE}`);
      return 2;
    }
    throw error;
  }
  if (plan.help) {
    out.write(CALL_USAGE);
    return 0;
  }
  const say = (text: string): boolean => err.write(`${text}\n`);
  for (const note of plan.serverNotes) say(`mcp-lens call: note: ${note}`);
  let t0: number | undefined;
  const answer: Answerer = (method, params) => {
    if (method === 'elicitation/create') return answerElicitation(params, plan.capabilities, plan.elicit, plan.elicitContent ?? {});
    if (method === 'roots/list') return rootsReply([]);
    // Sampling was offered, but there is no model here: say no the way sampling says no.
    if (method === 'sampling/createMessage' && 'sampling' in plan.capabilities) return refusal(method, NO_MODEL);
    return notHandled(method);
  };
  const flags: string[] = [];
  const oauth = 'url' in plan.server ? cliOAuth(plan.values, (text) => say(`mcp-lens call: ${text}`)) : undefined;
  const client = new HeadlessClient(plan.server, {
    ...(oauth ? { oauth } : {}),
    onEvent: (event) => {
      t0 ??= event.t;
      if (plan.transcript) say(transcriptLine(event, t0, client.http));
    },
    onServerRequest: async (method, params) => answer(method, params),
    onFlag: (text) => flags.push(text),
  });
  /** The line the server answered request `id` with, as it wrote it. */
  const answerLine = (id: JsonRpcId): string | undefined => {
    const seq = client.tracker.get(CONN, 'client', id)?.responseSeq;
    const event = seq === undefined ? undefined : client.events.find((e) => e.seq === seq);
    return event?.kind === 'line' ? event.text : undefined;
  };
  /** The server's own text of a response member, cut from the line it wrote. */
  const exactMember = (id: JsonRpcId, member: 'result' | 'error'): string | undefined => {
    const line = answerLine(id);
    return line === undefined ? undefined : memberText(line, member);
  };

  const finish = async (code: number, reason?: string): Promise<number> => {
    if (client.running) await client.stop();
    oauth?.browser.close?.();
    reportFindings(client.findings, say);
    for (const flag of flags) say(`flag: ${flag}`);
    const unwritten = plan.record === undefined ? undefined : writeRecord(plan.record, client.events, new Map([[CONN, plan.server]]));
    if (reason) say(`mcp-lens call: ${reason}`);
    if (unwritten) {
      say(`mcp-lens call: ${unwritten}`);
      return code === 0 ? 1 : code;
    }
    return code;
  };

  const spawnError = await client.start();
  if (spawnError) return finish(3, `could not start the server: ${spawnError}`);
  const connected = await client.connect(plan.flow, {
    ...(plan.protocolVersion ? { protocolVersion: plan.protocolVersion } : {}),
    discover: plan.discover,
    capabilities: plan.capabilities,
    timeoutMs: plan.timeoutMs,
    ...plan.probe,
  });
  if (!connected.ok) return finish(connected.exitCode, connected.reason);
  const session = client.session;
  if (!session) return finish(3, 'no session');
  const flow = session.flow;

  let params = plan.params;
  /** The tool as tools/list shows it: one walk of the pages at most, whoever asks first. */
  let toolLookup: ReturnType<typeof findListed> | undefined;
  const lookUpTool = (): ReturnType<typeof findListed> =>
    (toolLookup ??= findListed(session, 'tools/list', 'tools', (t) => named(t, plan.toolName), { timeoutMs: plan.timeoutMs }));
  if (plan.method === 'tools/call' && plan.toolArgPairs.length > 0) {
    // Typing --tool-arg needs the tool's inputSchema: page through tools/list until the tool
    // shows up (every page visible on the wire).
    const found = await lookUpTool();
    const tool = found.item as Record<string, unknown> | undefined;
    if (tool === undefined) {
      const where = found.failure
        ? `tools/list stopped at page ${found.pages} (${found.failure.kind === 'error' ? `${found.failure.error.code} ${found.failure.error.message}` : found.failure.kind})`
        : `no tool "${String(plan.toolName)}" in tools/list (${found.pages} ${found.pages === 1 ? 'page' : 'pages'})`;
      say(`warning: ${where}: --tool-arg values are sent as strings`);
    }
    const typed = typeToolArgs(plan.toolArgPairs, tool?.inputSchema);
    if (!typed.ok) return finish(2, typed.error);
    params = { name: plan.toolName, arguments: typed.args };
  }

  if (plan.logLevel && session.flow === 'handshake') {
    const set = await session.request('logging/setLevel', { level: plan.logLevel }, { timeoutMs: plan.timeoutMs }).done;
    if (set.kind !== 'result')
      say(`mcp-lens call: logging/setLevel was not accepted (${set.kind === 'error' ? set.error.message : set.kind})`);
  }
  const requestOptions: RequestOptions = {
    timeoutMs: plan.timeoutMs,
    // A progress token, so progress can reset --timeout (the hard maximum still stands).
    onProgress: () => undefined,
    ...(plan.logLevel && session.flow === 'stateless' ? { logLevel: plan.logLevel } : {}),
  };
  const retryable = INPUT_REQUIRED_METHODS.has(plan.method);
  let asTask = plan.task.asked;
  if (plan.method === 'tools/call' && params !== undefined) {
    const serverCapabilities = connected.connected.capabilities;
    // Whether the tool requires a task (2025-11-25 says so in tools/list): looked up only where the server takes tasks at all.
    const tool =
      session.flow === 'handshake' && serverTakesToolTasks('handshake', serverCapabilities)
        ? ((await lookUpTool()).item as Record<string, unknown> | undefined)
        : undefined;
    const mode = toolTaskMode(session.flow, serverCapabilities, tool ?? {});
    if (!asTask && mode === 'required') {
      asTask = true;
      say(`mcp-lens call: note: ${String(plan.toolName)} requires a task (execution.taskSupport: required): run as one`);
    }
    if (asTask && mode === 'forbidden')
      say(
        `warning: ${session.flow === 'handshake' ? `the server does not take tool tasks, or ${String(plan.toolName)} does not (execution.taskSupport)` : 'the server does not list the Tasks extension in server/discover'}: sent as a task all the same`,
      );
  }

  /** The id of the latest request of each role in the task's run: whose answer holds the final result. */
  const lastAnswer = new Map<string, JsonRpcId>();
  if (asTask && params !== undefined) {
    const run = runTask(session, plan.method, params, {
      ...(plan.task.ttlMs === undefined ? {} : { ttlMs: plan.task.ttlMs }),
      ...(plan.task.pollIntervalMs === undefined ? {} : { pollIntervalMs: plan.task.pollIntervalMs }),
      answer: async (requests) => answerInputRequests(requests, answer),
      request: requestOptions,
      onStep: (step) => {
        if (step.kind === 'request') lastAnswer.set(step.role, step.id);
        say(`task: ${stepText(step)}`);
      },
    });
    return taskEnd(await run.done);
  }

  const outcome: Outcome =
    retryable && params !== undefined && session.flow === 'stateless'
      ? await session.requestWithInput(plan.method, params, async (requests) => answerInputRequests(requests, answer), requestOptions)
      : await session.request(plan.method, params, requestOptions).done;
  return plainEnd(outcome);

  /** What a task came to, said as a plain call's outcome would be: its result exactly as the server wrote it. */
  async function taskEnd(ended: TaskOutcome): Promise<number> {
    switch (ended.kind) {
      case 'plain':
        return plainEnd(ended.outcome);
      case 'lost':
        return finish(3, `the task ${ended.task ? `${ended.task.taskId} (last seen ${ended.task.status}) ` : ''}was lost: ${ended.reason}`);
      case 'ended': {
        const { task } = ended;
        // The final answer, as the server wrote it: tasks/result's result (2025-11-25), or the `result` inside the last tasks/get (2026-07-28).
        const last = lastAnswer.get(flow === 'stateless' ? 'poll' : 'result');
        const line = last === undefined ? undefined : answerLine(last);
        const resultText =
          line === undefined ? undefined : flow === 'stateless' ? nested(line, 'result', 'result') : memberText(line, 'result');
        const errorText =
          line === undefined ? undefined : flow === 'stateless' ? nested(line, 'result', 'error') : memberText(line, 'error');
        if (ended.result !== undefined) {
          out.write(`${resultText ?? JSON.stringify(ended.result)}\n`);
          if (ended.result.isError === true) return finish(1, 'the tool ran and reported an error (isError: true)');
          return finish(task.status === 'completed' ? 0 : 1, task.status === 'completed' ? undefined : `the task ended ${task.status}`);
        }
        if (ended.error !== undefined) {
          out.write(`{"error":${errorText ?? JSON.stringify(ended.error)}}\n`);
          return finish(
            1,
            `the task ${task.taskId} ended ${task.status}: ${ended.error.code} ${errorCodeName(ended.error.code)}: ${ended.error.message}`,
          );
        }
        return finish(
          1,
          `the task ${task.taskId} ended ${task.status}${task.statusMessage ? ` (${task.statusMessage})` : ''}, with no result`,
        );
      }
      default: {
        const never: never = ended;
        return never;
      }
    }
  }

  async function plainEnd(outcome: Outcome): Promise<number> {
    switch (outcome.kind) {
      case 'result': {
        out.write(`${exactMember(outcome.id, 'result') ?? JSON.stringify(outcome.result)}\n`);
        if (outcome.unfinished !== undefined) return finish(1, `${plan.method} did not finish: ${outcome.unfinished}`);
        if (outcome.result.isError === true) return finish(1, 'the tool ran and reported an error (isError: true)');
        return finish(0);
      }
      case 'error':
        out.write(`{"error":${exactMember(outcome.id, 'error') ?? JSON.stringify(outcome.error)}}\n`);
        return finish(
          1,
          `${plan.method} failed: ${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message} (${(outcome.error.code === -32601 ? removedMethodNote(plan.method, flow) : undefined) ?? explainError(outcome.error)})`,
        );
      case 'invalid':
        // What came, as it came: it may not be JSON at all, or nest too deep to write out again.
        out.write(`${answerLine(outcome.id) ?? JSON.stringify(outcome.message, null, 2) ?? ''}\n`);
        return finish(1, `the answer to ${plan.method} is not a valid JSON-RPC response: ${outcome.reason}`);
      case 'timeout':
        return finish(3, `no answer to ${plan.method} within ${outcome.afterMs} ms (timed out; notifications/cancelled sent)`);
      case 'cancelled':
        return finish(3, `${plan.method} was cancelled: ${outcome.reason}`);
      case 'closed':
        return finish(3, `${outcome.reason} before answering ${plan.method}${client.stderrDetail}`);
      case 'transport':
        return finish(outcome.unreachable ? 3 : 1, `no answer to ${plan.method} over HTTP: ${outcome.reason}`);
      default: {
        const never: never = outcome;
        return never;
      }
    }
  }
}

/** One step of a task, in a line for stderr. */
function stepText(step: TaskStep): string {
  if (step.kind === 'request') return `${step.role} sent (id ${String(step.id)})`;
  const { task } = step;
  const ttl = task.ttlMs === undefined ? '' : task.ttlMs === null ? ', ttl unlimited' : `, ttl ${task.ttlMs} ms`;
  return `${task.taskId} ${task.status}${task.statusMessage ? ` (${task.statusMessage})` : ''}${ttl} [${step.via}]`;
}

/** The exact text of `outer`'s member `inner` in a response line. */
function nested(line: string, outer: string, inner: string): string | undefined {
  const text = memberText(line, outer);
  return text === undefined ? undefined : memberText(text, inner);
}

const NO_MODEL = 'mcp-lens call has no model to sample with';

function named(item: unknown, name: string | undefined): boolean {
  return typeof item === 'object' && item !== null && (item as Record<string, unknown>).name === name;
}

/** Findings past this many of one rule are counted, not printed: 1 MB of noise is 8,000 of them. */
const FINDINGS_PER_RULE = 20;

function reportFindings(findings: Finding[], say: (text: string) => void): void {
  if (findings.length === 0) return;
  say(`lint: ${findings.length} finding(s)`);
  const seen = new Map<string, number>();
  for (const f of findings) {
    const count = (seen.get(f.rule) ?? 0) + 1;
    seen.set(f.rule, count);
    if (count <= FINDINGS_PER_RULE) say(`  ${f.severity.padEnd(7)} ${f.rule}  #${f.seq}  ${f.message}`);
  }
  for (const [rule, count] of seen)
    if (count > FINDINGS_PER_RULE) say(`  … and ${count - FINDINGS_PER_RULE} more ${rule} (${count} in all)`);
}

function jsonOption(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (nestsDeeperThan(text)) throw new UsageError(`--${name} nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Reads the arguments of `mcp-lens call` into what it will do; throws UsageError. Exported for tests of command lines the app builds. */
export function planCall(argv: string[], env: NodeJS.ProcessEnv = process.env) {
  const { values, positionals } = parse(argv, callOptions);
  const help = values.help === true;
  const method = values.method;
  if (!help && !method) throw new UsageError('--method is required');
  const elicit = values.elicit as ElicitAction;
  if (elicit !== 'accept' && elicit !== 'decline' && elicit !== 'cancel')
    throw new UsageError('--elicit must be accept, decline or cancel');
  const elicitContent = jsonOption('elicit-content', values['elicit-content']) as Record<string, unknown> | undefined;
  let params: Record<string, unknown> | undefined;
  const toolArgPairs = values['tool-arg'] ?? [];
  switch (method) {
    case 'tools/call': {
      if (!values['tool-name']) throw new UsageError('tools/call needs --tool-name');
      if (values['tool-args-json'] !== undefined && toolArgPairs.length > 0)
        throw new UsageError('give --tool-arg or --tool-args-json, not both');
      const json = jsonOption('tool-args-json', values['tool-args-json']);
      params = {
        name: values['tool-name'],
        ...(json === undefined ? (toolArgPairs.length === 0 ? { arguments: {} } : {}) : { arguments: json }),
      };
      break;
    }
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      if (!values.uri) throw new UsageError(`${method} needs --uri`);
      params = { uri: values.uri };
      break;
    case 'prompts/get': {
      if (!values['prompt-name']) throw new UsageError('prompts/get needs --prompt-name');
      const args: Record<string, string> = {};
      for (const pair of values['prompt-arg'] ?? []) {
        const eq = pair.indexOf('=');
        if (eq <= 0) throw new UsageError(`--prompt-arg expects key=value, got "${pair}"`);
        args[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
      params = { name: values['prompt-name'], arguments: args };
      break;
    }
    default: {
      const json = jsonOption('params-json', values['params-json']);
      if (json !== undefined && (typeof json !== 'object' || json === null || Array.isArray(json)))
        throw new UsageError('--params-json must be a JSON object');
      params = json as Record<string, unknown> | undefined;
    }
  }
  const capabilities = jsonOption('capabilities', values.capabilities) ?? { elicitation: { form: {} }, roots: {} };
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))
    throw new UsageError('--capabilities must be a JSON object');
  const levels = LOG_LEVELS;
  const logLevel = values['log-level'];
  if (logLevel !== undefined && !(levels as readonly string[]).includes(logLevel))
    throw new UsageError(`--log-level must be one of ${levels.join(', ')}`);
  if (values.task === true && method !== 'tools/call') throw new UsageError('--task is for tools/call');
  const task = {
    asked: values.task === true,
    ...(values['poll-interval'] === undefined ? {} : { pollIntervalMs: msOption('poll-interval', values['poll-interval']) }),
    ...(values['task-ttl'] === undefined ? {} : { ttlMs: msOption('task-ttl', values['task-ttl']) }),
  };
  return {
    help,
    task,
    capabilities: capabilities as Record<string, unknown>,
    logLevel: logLevel as (typeof levels)[number] | undefined,
    method: method ?? '',
    flow: flowOption(values.flow),
    protocolVersion: values['protocol-version'],
    discover: !values['no-discover'],
    timeoutMs: msOption('timeout', values.timeout),
    probe: probeTimeoutOption(values['probe-timeout']),
    transcript: values.transcript === true,
    record: recordTarget(values.record),
    toolName: values['tool-name'],
    toolArgPairs,
    params,
    elicit,
    elicitContent,
    values,
    ...(help ? { server: { command: 'none', args: [], env: {} }, serverNotes: [] } : headlessServer(values, positionals, env)),
  };
}
