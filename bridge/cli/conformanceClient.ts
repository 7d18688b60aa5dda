/**
 * `mcp-lens conformance-client [URL]`: MCP Lens as the client under test of the official
 * conformance suite's client scenarios (`conformance client --command "mcp-lens
 * conformance-client"`). The suite appends the URL of the scenario's fixture server and names
 * the scenario in the environment; this opens the conversation over Streamable HTTP with the
 * same engine as the app and the other headless commands, in the flow of the version asked for
 * (the handshake through 2025-11-25, the stateless flow from 2026-07-28), and does what the
 * scenario asks (./conformanceScenarios.ts). The transcript goes to stderr, which the suite
 * keeps; the last line on stdout says the scenario was carried out, which scripts/conformance.mjs
 * requires besides the suite's checks.
 */
import type { BridgeEvent } from '../../protocol/envelope.js';
import type { Flow } from '../../protocol/flows.js';
import { STATELESS_VERSION } from '../../protocol/flows.js';
import { HeadlessClient } from './headless.js';
import { CONFORMANCE_CAPABILITIES, conformanceAnswer, ScenarioFailure, scriptFor } from './conformanceScenarios.js';
import { transcriptLine } from './transcript.js';
import { VERSION } from '../version.js';
import { stderr, stdout } from './terminalOut.js';
import { MemoryTokenStore } from '../oauth/memoryStore.js';
import { RedirectReadingBrowser } from '../oauth/redirectReadingBrowser.js';
import { extensionFromContext } from './conformanceExtensions.js';

/** Kept equal to DONE_MARKER in scripts/conformanceVerdict.mjs (a test reads both). */
export const DONE_MARKER = 'mcp-lens conformance-client: done';

export const CONFORMANCE_USAGE = `Usage: mcp-lens conformance-client <url>

The client under test of the MCP conformance suite's client scenarios:
  conformance client --command "mcp-lens conformance-client" --scenario <name>

Reads what the suite sets: MCP_CONFORMANCE_SCENARIO (the scenario), MCP_CONFORMANCE_PROTOCOL_VERSION
(default 2025-11-25: the handshake flow; 2026-07-28: the stateless flow) and MCP_CONFORMANCE_CONTEXT
(JSON). Connects to <url> over Streamable HTTP and does what the scenario asks; the transcript
goes to stderr. Exit codes: 0 carried out (stdout ends with "${DONE_MARKER}"); 1 the server's
answers stopped the scenario, or the scenario has no script here; 2 bad usage; 3 unreachable.
`;

/**
 * The client ID metadata document the conformance authorization servers expect as client_id
 * where they advertise client_id_metadata_document_supported (they never fetch it).
 */
export const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** Each request's idle timeout: the suite gives the whole client 30 s. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The flow a protocol version is spoken in: dated versions through 2025-11-25 use the handshake. */
export function flowOf(protocolVersion: string): Flow {
  return protocolVersion >= STATELESS_VERSION ? 'stateless' : 'handshake';
}

export async function runConformanceClient(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WritableStream = stdout,
  err: NodeJS.WritableStream = stderr,
): Promise<number> {
  const say = (text: string): boolean => err.write(`${text}\n`);
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(CONFORMANCE_USAGE);
    return 0;
  }
  const usage = (problem: string): number => {
    err.write(`mcp-lens conformance-client: ${problem}\n\n${CONFORMANCE_USAGE}`);
    return 2;
  };
  // The suite appends the URL after whatever the command says: it is the last argument.
  const url = argv.at(-1);
  if (url === undefined || !/^https?:\/\//.test(url)) return usage('give the server URL (http:// or https://) as the last argument');
  const scenario = env.MCP_CONFORMANCE_SCENARIO;
  if (!scenario) return usage('MCP_CONFORMANCE_SCENARIO is not set (the suite sets it)');
  const protocolVersion = env.MCP_CONFORMANCE_PROTOCOL_VERSION || '2025-11-25';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(protocolVersion))
    return usage(`MCP_CONFORMANCE_PROTOCOL_VERSION is not a dated version: "${protocolVersion}"`);
  let context: Record<string, unknown> = {};
  if (env.MCP_CONFORMANCE_CONTEXT) {
    try {
      const parsed: unknown = JSON.parse(env.MCP_CONFORMANCE_CONTEXT);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) context = parsed as Record<string, unknown>;
      else return usage('MCP_CONFORMANCE_CONTEXT is not a JSON object');
    } catch {
      return usage('MCP_CONFORMANCE_CONTEXT is not JSON');
    }
  }
  const flow = flowOf(protocolVersion);
  say(`mcp-lens conformance-client: ${scenario} at ${protocolVersion} (${flow} flow) against ${url}`);

  let t0: number | undefined;
  /** The last step the OAuth client refused, in its own words: a scenario may expect the refusal. */
  let refusal: string | undefined;
  const clientId = typeof context.client_id === 'string' ? context.client_id : undefined;
  const clientSecret = typeof context.client_secret === 'string' ? context.client_secret : undefined;
  const extension = extensionFromContext(scenario, context);
  const conversation = new HeadlessClient(
    {
      transport: 'http',
      url,
      headers: {},
      timeoutMs: REQUEST_TIMEOUT_MS,
      oauth: {
        clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
        ...(clientId === undefined ? {} : { clientId }),
        ...(clientSecret === undefined ? {} : { clientSecret }),
      },
    },
    {
      onEvent: (event: BridgeEvent) => {
        t0 ??= event.t;
        say(transcriptLine(event, t0, true));
        if (event.kind === 'auth' && event.phase === 'failed') refusal = `${event.step}: ${event.text}`;
      },
      oauth: { store: new MemoryTokenStore(), browser: new RedirectReadingBrowser(), ...(extension === undefined ? {} : { extension }) },
      onServerRequest: async (method, params) => conformanceAnswer(method, params),
      onFlag: (text) => say(`flag: ${text}`),
    },
  );
  const finish = async (code: number, reason?: string): Promise<number> => {
    await conversation.stop();
    if (reason !== undefined) say(`mcp-lens conformance-client: ${reason}`);
    if (code === 0) out.write(`${DONE_MARKER}\n`);
    return code;
  };
  const startError = await conversation.start();
  if (startError !== undefined) return finish(3, `could not open the connection: ${startError}`);
  const connected = await conversation.connect(flow, {
    protocolVersion,
    capabilities: CONFORMANCE_CAPABILITIES,
    clientInfo: { name: 'mcp-lens', version: VERSION },
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  if (!connected.ok) {
    // An authorization the client refused on purpose (a mismatched resource, a wrong iss) is the scenario carried out.
    if (scenario.startsWith('auth/') && refusal !== undefined) return finish(0, `authorization refused, as the spec requires: ${refusal}`);
    return finish(connected.exitCode, `could not connect: ${connected.reason}`);
  }
  const session = conversation.session;
  if (!session) return finish(3, 'connected, but no session');

  const { script, scripted } = scriptFor(scenario);
  try {
    await script({ session, context, timeoutMs: REQUEST_TIMEOUT_MS, say });
  } catch (error) {
    if (error instanceof ScenarioFailure && scenario.startsWith('auth/') && refusal !== undefined)
      return finish(0, `authorization refused, as the spec requires: ${refusal}`);
    if (error instanceof ScenarioFailure) return finish(1, `${scenario} stopped: ${error.message}`);
    throw error;
  }
  if (!scripted) return finish(1, `no script for the scenario "${scenario}": connected and listed the tools only`);
  return finish(0);
}
