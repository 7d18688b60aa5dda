/**
 * `mcp-lens check`: connect, read who the server is, list everything it offers (every page),
 * and print the lint findings grouped by rule. Exit 1 when any finding is an error: a CI check
 * for server authors.
 */
import fs from 'node:fs';
import { listAll } from '../../protocol/pagination.js';
import { buildSessionFile } from '../../protocol/sessionFile.js';
import { RULES, type Finding } from '../../protocol/lint/index.js';
import { errorCodeName } from '../../protocol/jsonrpc.js';
import { VERSION } from '../version.js';
import { commonOptions, flowOption, msOption, parse, probeTimeoutOption, serverCommand, UsageError } from './args.js';
import { HeadlessClient } from './headless.js';
import { transcriptLine } from './transcript.js';

export const CHECK_USAGE = `Usage: mcp-lens check [--flow handshake|stateless|auto] [options] -- <command> [args...]

Connects, reads server/discover or the initialize result, lists tools, resources, resource
templates and prompts (every page), and prints what breaks the protocol, grouped by rule.

  --flow <f>               default auto
  --protocol-version <v>   pin a version
  --probe-timeout <ms>     auto: wait this long for server/discover before sending initialize too (default 3000)
  --timeout <ms>           per-request timeout (default 60000)
  --transcript             print every wire line (on stderr)
  --record <file>          write the session file

Exit codes: 0 no errors (warnings allowed); 1 at least one error finding; 2 bad usage; 3 unreachable.
`;

const LISTS = [
  { method: 'tools/list', key: 'tools', capability: 'tools' },
  { method: 'resources/list', key: 'resources', capability: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
  { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
] as const;

export async function runCheck(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
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
  const { values, flow, timeoutMs, server } = plan;
  const print = (text: string): boolean => out.write(`${text}\n`);
  let t0: number | undefined;
  const client = new HeadlessClient(
    { ...server, env: {} },
    {
      onEvent: (event) => {
        t0 ??= event.t;
        if (values.transcript) err.write(`${transcriptLine(event, t0)}\n`);
      },
    },
  );
  const finish = async (code: number): Promise<number> => {
    if (client.running) await client.stop();
    if (values.record)
      fs.writeFileSync(values.record, JSON.stringify(buildSessionFile(client.events, { name: 'mcp-lens', version: VERSION }), null, 2));
    return code;
  };

  const spawnError = await client.start();
  if (spawnError) {
    err.write(`mcp-lens check: could not start the server: ${spawnError}\n`);
    return finish(3);
  }
  const connected = await client.connect(flow, {
    ...(values['protocol-version'] ? { protocolVersion: values['protocol-version'] } : {}),
    discover: !values['no-discover'],
    timeoutMs,
    ...plan.probe,
  });
  if (!connected.ok) {
    err.write(`mcp-lens check: ${connected.reason}\n`);
    return finish(connected.exitCode);
  }
  const info = connected.connected;
  const serverInfo = info.serverInfo as { name?: unknown; version?: unknown } | undefined;
  print(`server: ${String(serverInfo?.name ?? '(no name)')} ${String(serverInfo?.version ?? '')}`.trimEnd());
  print(`flow: ${info.flow} (${info.protocolVersion})`);
  const session = client.session;
  if (!session) return finish(3);
  const capabilities = (info.capabilities ?? {}) as Record<string, unknown>;
  for (const list of LISTS) {
    if (!(list.capability in capabilities)) {
      print(`${list.method}: skipped (no ${list.capability} capability)`);
      continue;
    }
    const result = await listAll(session, list.method, list.key, { timeoutMs });
    if (result.failure) {
      const why =
        result.failure.kind === 'error'
          ? `${result.failure.error.code} ${errorCodeName(result.failure.error.code)}: ${result.failure.error.message}`
          : result.failure.kind;
      print(`${list.method}: failed after ${result.pages} page(s): ${why}`);
      if (result.failure.kind !== 'error') return finish(3);
      continue;
    }
    print(`${list.method}: ${result.items.length} in ${result.pages} page(s)`);
  }
  // Let late lines (notifications after the last answer) reach the linter before judging.
  await client.stop();
  const findings = client.findings;
  printFindings(findings, print);
  return finish(findings.some((f) => f.severity === 'error') ? 1 : 0);
}

function planCheck(argv: string[]) {
  const { values, positionals } = parse(argv, commonOptions);
  if (values.help)
    return { help: true as const, values, flow: 'auto' as const, timeoutMs: 0, probe: {}, server: { command: '', args: [] } };
  return {
    help: false as const,
    values,
    flow: flowOption(values.flow),
    timeoutMs: msOption('timeout', values.timeout),
    probe: probeTimeoutOption(values['probe-timeout']),
    server: serverCommand(positionals),
  };
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
    if (info) print(`  see ${info.spec}`);
    for (const f of list.slice(0, 20)) print(`  #${f.seq}: ${f.message}`);
    if (list.length > 20) print(`  … and ${list.length - 20} more`);
  }
}
