/**
 * `mcp-lens check`: connect, read who the server is, list everything it offers (every page),
 * call what is safe to call (see protocol/safeProbes), and print the lint findings grouped by
 * rule, also when the run stops early. Exit 1 when any finding is an error: a CI check for
 * server authors.
 */
import type { ClientSession, Outcome } from '../../protocol/clientSession.js';
import { notHandled, refusal } from '../../protocol/answers.js';
import { listAll, type PagedList } from '../../protocol/pagination.js';
import { MAX_PROBES_PER_METHOD, safeProbes, type Listed, type Probe, type ProbePlan } from '../../protocol/safeProbes.js';
import { RULES, type Finding } from '../../protocol/lint/index.js';
import { errorCodeName } from '../../protocol/jsonrpc.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../protocol/jsonDepth.js';
import { commonOptions, flowOption, msOption, parse, probeTimeoutOption, UsageError } from './args.js';
import { configOptions, headlessServer } from './configFile.js';
import { CONN, HeadlessClient } from './headless.js';
import { recordTarget, writeRecord } from './record.js';
import { transcriptLine } from './transcript.js';
import { HTTP_USAGE, httpOptions } from './httpOptions.js';
import { cliOAuth } from './oauthOptions.js';
import { stderr, stdout } from './terminalOut.js';
import { terminalLine } from '../../protocol/terminalText.js';

export const CHECK_USAGE = `Usage: mcp-lens check [--flow handshake|stateless|auto] [options] -- <command> [args...]
       mcp-lens check [options] --url <url> [--header 'Name: value']...
       mcp-lens check [options] --config <file> --server <name>

Connects, reads server/discover or the initialize result, lists tools, resources, resource
templates and prompts (every page), reads each resource, gets each prompt that needs no
argument, asks completion/complete for each prompt argument and template variable (never calls
a tool), and prints what breaks the protocol, grouped by rule. A server behind OAuth is authorized
first (the flags below), and each step of that flow is linted too (the auth-* rules).

  --flow <f>               default auto
  --protocol-version <v>   pin a version
  --no-discover            stateless: skip server/discover (then every list is asked for)
  --capabilities <json>    client capabilities to declare (default {}); with elicitation
                           declared, a server may ask, and check answers cancel
  --probe-timeout <ms>     auto: wait this long for server/discover before sending initialize too (default 3000)
  --timeout <ms>           per-request timeout (default 60000)
  --transcript             print every wire line (on stderr)
  --record <file>          write the session file
  --inherit-env            hand the server this whole environment (default: PATH, HOME, USER, SHELL,
                           TERM, LOGNAME only; more with the two below)
  --env NAME=value         set NAME for the server (repeatable)
  --pass-env NAME          hand the server NAME from this environment; exit 2, naming it, when unset
  --config <file>          with --server <name>: the server named in an mcpServers config file
                           (Claude Desktop, Cursor, VS Code), with its env and cwd, in place of -- command
${HTTP_USAGE}

Exit codes: 0 no errors (warnings allowed); 1 at least one error finding, or the --record file
could not be written; 2 bad usage; 3 unreachable.
`;

const LISTS = [
  { method: 'tools/list', key: 'tools', capability: 'tools' },
  { method: 'resources/list', key: 'resources', capability: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
  { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
] as const;

const STOPPED: Record<NonNullable<PagedList['stopped']>, string> = {
  'repeated-cursor': 'the server gave a nextCursor again',
  'page-limit': 'the list was still going',
};

export async function runCheck(argv: string[], out: NodeJS.WritableStream = stdout, err: NodeJS.WritableStream = stderr): Promise<number> {
  let plan: ReturnType<typeof planCheck>;
  try {
    plan = planCheck(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`mcp-lens check: ${error.message}\n\n${CHECK_USAGE}`);
      return 2;
    }
    throw error;
  }
  if (plan.help) {
    out.write(CHECK_USAGE);
    return 0;
  }
  const { values, flow, timeoutMs, server, capabilities: declared } = plan;
  const print = (text: string): boolean => out.write(`${text}\n`);
  for (const note of plan.serverNotes) err.write(`mcp-lens check: note: ${note}\n`);
  let t0: number | undefined;
  const oauth = server.transport === 'http' ? cliOAuth(values, (text) => err.write(`mcp-lens check: ${text}\n`)) : undefined;
  const client = new HeadlessClient(server, {
    ...(oauth ? { oauth } : {}),
    onEvent: (event) => {
      t0 ??= event.t;
      if (values.transcript) err.write(`${transcriptLine(event, t0, server.transport === 'http')}\n`);
    },
    // check answers no questions: an elicitation it declared is cancelled, anything else refused.
    onServerRequest: async (method) => (method === 'elicitation/create' ? refusal(method) : notHandled(method)),
  });
  const finish = async (code: number): Promise<number> => {
    if (client.running) await client.stop();
    oauth?.browser.close?.();
    const unwritten = plan.record === undefined ? undefined : writeRecord(plan.record, client.events, new Map([[CONN, server]]));
    if (unwritten) {
      err.write(`mcp-lens check: ${unwritten}\n`);
      return code === 0 ? 1 : code;
    }
    return code;
  };

  /** Lets late lines (notifications after the last answer) reach the linter, then judges. */
  const judge = async (code?: number): Promise<number> => {
    await client.stop();
    const findings = client.findings;
    printFindings(findings, print);
    return finish(checkExit(findings, code));
  };

  const spawnError = await client.start();
  if (spawnError) {
    err.write(`mcp-lens check: could not start the server: ${spawnError}\n`);
    return finish(3);
  }
  const connected = await client.connect(flow, {
    ...(values['protocol-version'] ? { protocolVersion: values['protocol-version'] } : {}),
    discover: !values['no-discover'],
    capabilities: declared,
    timeoutMs,
    ...plan.probe,
  });
  if (!connected.ok) {
    err.write(`mcp-lens check: ${connected.reason}\n`);
    return judge(connected.exitCode);
  }
  const info = connected.connected;
  const serverInfo = info.serverInfo as { name?: unknown; version?: unknown } | undefined;
  print(terminalLine(`server: ${String(serverInfo?.name ?? '(no name)')} ${String(serverInfo?.version ?? '')}`.trimEnd()));
  print(`flow: ${info.flow} (${info.protocolVersion})`);
  const session = client.session;
  if (!session) return judge(3);
  // Without server/discover nothing says what the server offers: ask for everything.
  const capabilities = isRecord(info.capabilities) ? info.capabilities : undefined;
  if (!capabilities) print('capabilities: unknown (no server/discover); every list is asked for');
  const listed: Listed = {};
  for (const list of LISTS) {
    if (capabilities && !(list.capability in capabilities)) {
      print(`${list.method}: skipped (no ${list.capability} capability)`);
      continue;
    }
    const result = await listAll(session, list.method, list.key, { timeoutMs });
    if (result.failure) {
      const failure = result.failure;
      if (!capabilities && failure.kind === 'error' && failure.error.code === -32601) {
        print(`${list.method}: not offered (-32601 Method not found)`);
        continue;
      }
      print(`${list.method}: failed after ${result.pages} page(s): ${describe(failure)}`);
      if (failure.kind !== 'error') return judge(3);
      continue;
    }
    if (result.stopped) print(`${list.method}: stopped after ${result.pages} page(s): ${STOPPED[result.stopped]}`);
    print(`${list.method}: ${result.items.length} in ${result.pages} page(s)`);
    if (list.key !== 'tools') listed[list.key] = result.items;
  }
  const probed = await runProbes(session, safeProbes(listed, capabilities), timeoutMs, print);
  return judge(probed === 'lost' ? 3 : undefined);
}

/** Runs the probes method by method, printing what did not simply succeed and a summary. */
async function runProbes(
  session: ClientSession,
  plan: ProbePlan,
  timeoutMs: number,
  print: (text: string) => void,
): Promise<'ok' | 'lost'> {
  const done: Record<Probe['method'], string> = { 'resources/read': 'read', 'prompts/get': 'got', 'completion/complete': 'asked' };
  for (const method of ['resources/read', 'prompts/get', 'completion/complete'] as const) {
    const probes = plan.probes.filter((p) => p.method === method);
    let ok = 0;
    let asking = 0;
    let failed = 0;
    for (const probe of probes) {
      const outcome = await session.request(method, probe.params, { timeoutMs }).done;
      if (outcome.kind === 'result' && outcome.result.resultType !== 'input_required') ok++;
      else if (outcome.kind === 'result') {
        asking++;
        print(`${method} ${probe.target}: input_required (check answers no questions)`);
      } else if (outcome.kind === 'error' && outcome.error.code === -32601 && method === 'completion/complete') {
        // Only tried because the capabilities are unknown; the server says it does not complete.
        print(`${method}: not offered (-32601 Method not found)`);
        break;
      } else {
        failed++;
        print(`${method} ${probe.target}: ${describe(outcome)}`);
        if (outcome.kind === 'closed' || (outcome.kind === 'transport' && outcome.unreachable)) return 'lost';
      }
    }
    const skipped = plan.skipped[method] ?? 0;
    const beyond = plan.beyondLimit[method] ?? 0;
    if (probes.length === 0 && skipped === 0) continue;
    const parts = [`${ok} ${done[method]}`];
    if (asking > 0) parts.push(`${asking} input_required`);
    if (failed > 0) parts.push(`${failed} failed`);
    if (skipped > 0) parts.push(`${skipped} skipped (required arguments)`);
    if (beyond > 0) parts.push(`${beyond} more not tried (the first ${MAX_PROBES_PER_METHOD} only)`);
    print(`${method}: ${parts.join(', ')}`);
  }
  return 'ok';
}

function describe(outcome: Exclude<Outcome, { kind: 'result' }>): string {
  switch (outcome.kind) {
    case 'error':
      return `${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${outcome.error.message}`;
    case 'timeout':
      return `no answer within ${outcome.afterMs} ms`;
    case 'cancelled':
    case 'closed':
      return outcome.reason;
    case 'transport':
      return `no answer over HTTP: ${outcome.reason}`;
    case 'invalid':
      return `an invalid answer: ${outcome.reason}`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function planCheck(argv: string[]) {
  const { values, positionals } = parse(argv, { ...commonOptions, ...configOptions, ...httpOptions, capabilities: { type: 'string' } });
  const capabilities = capabilitiesOption(values.capabilities);
  if (values.help)
    return {
      help: true as const,
      values,
      flow: 'auto' as const,
      timeoutMs: 0,
      capabilities,
      probe: {},
      record: undefined,
      server: { command: '', args: [], env: {} },
      serverNotes: [],
    };
  return {
    help: false as const,
    values,
    flow: flowOption(values.flow),
    timeoutMs: msOption('timeout', values.timeout),
    capabilities,
    probe: probeTimeoutOption(values['probe-timeout']),
    record: recordTarget(values.record),
    ...headlessServer(values, positionals),
  };
}

function capabilitiesOption(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  if (nestsDeeperThan(text)) throw new UsageError(`--capabilities nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--capabilities is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(value)) throw new UsageError('--capabilities must be a JSON object');
  return value;
}

/**
 * The exit code: 1 on an error finding. A connection the authorization flow could not finish is
 * still 1, not 3, when a step broke a requirement (auth-* error): the server was reached, and the
 * rule says why it could not be used.
 */
export function checkExit(findings: readonly Finding[], code: number | undefined): number {
  const errors = findings.filter((f) => f.severity === 'error');
  if (code === 3 && errors.some((f) => f.rule.startsWith('auth-'))) return 1;
  return code ?? (errors.length > 0 ? 1 : 0);
}

function printFindings(findings: Finding[], print: (text: string) => void): void {
  if (findings.length === 0) {
    print('lint: no findings');
    return;
  }
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const errors = findings.filter((f) => f.severity === 'error').length;
  print(`lint: ${findings.length} finding(s), ${errors} error(s)`);
  for (const [rule, list] of byRule) {
    const info = RULES.find((r) => r.id === rule);
    print(`\n${list[0]?.severity ?? ''} ${rule}: ${info?.summary ?? ''} (${list.length})`);
    // Each finding cites its own session's revision; one run has one, but say each page once.
    for (const spec of new Set(list.map((f) => f.spec))) print(`  see ${spec}`);
    for (const f of list.slice(0, 20)) print(`  #${f.seq}: ${terminalLine(f.message)}`);
    if (list.length > 20) print(`  … and ${list.length - 20} more`);
  }
}
