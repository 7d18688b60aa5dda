/**
 * `mcp-lens mock FILE`: a stdio MCP server that answers from a recording, so a host can be
 * tested with no server running. It reads JSON-RPC lines on stdin and writes the answers on
 * stdout (protocol/mock); a one-line banner and nothing else goes to stderr. It ends when stdin
 * ends, with exit 0; 2 when the file is not a readable session file (one line says why).
 */
import { LineSplitter, type SplitLine } from '../lineSplitter.js';
import { MockServer } from '../../protocol/mock/mockServer.js';
import { readRecordings, type RecordedConnection } from '../../protocol/replay/recording.js';
import { parse, UsageError } from './args.js';
import { readSessionFile } from './readSession.js';
import { stderr, stdout } from './terminalOut.js';

export const MOCK_USAGE = `Usage: mcp-lens mock <file> [--conn <id>]

A stdio MCP server that answers from a session file (mcp-lens call --record, or an export from
the app): use it as the server command of the host under test, e.g.
  mcp-lens call --method tools/list -- mcp-lens mock session.mcplens.json

  --conn <id>   the recorded connection to answer as (default: the first with answered requests)

A request is answered with the recorded answer to the same method and params (ids, the
stateless _meta envelope and progress tokens do not count); repeated requests get the recorded
answers in order, then the last again. Handshake recordings answer initialize, stateless ones
server/discover, as recorded. An unrecorded method gets -32601, a recorded method with other
params -32602 naming the closest recorded request, a line that is not JSON -32700 (id null).
Notifications are accepted silently.
`;

const mockOptions = {
  conn: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runMock(
  argv: string[],
  input: NodeJS.ReadableStream = process.stdin,
  out: NodeJS.WritableStream = stdout,
  err: NodeJS.WritableStream = stderr,
): Promise<number> {
  let file: string;
  let conn: string | undefined;
  try {
    const { values, positionals } = parse(argv, mockOptions);
    if (values.help === true) {
      out.write(MOCK_USAGE);
      return 0;
    }
    const [name, ...extra] = positionals;
    if (name === undefined) throw new UsageError('give the session file to answer from');
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}: the mock takes one file`);
    file = name;
    conn = values.conn;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`mcp-lens mock: ${error.message}\n\n${MOCK_USAGE}`);
      return 2;
    }
    throw error;
  }
  const read = readSessionFile(file);
  if (!read.ok) {
    err.write(`mcp-lens mock: ${read.error}\n`);
    return 2;
  }
  const recordings = readRecordings(read.file);
  const recording = pick(recordings, conn);
  if (typeof recording === 'string') {
    err.write(`mcp-lens mock: ${file}: ${recording}\n`);
    return 2;
  }
  const server = new MockServer(recording);
  const answered = recording.requests.filter((r) => r.answer !== undefined).length;
  err.write(
    `mcp-lens mock: answering as connection ${JSON.stringify(recording.conn)} of ${file} ` +
      `(${recording.flow ?? 'unknown'} flow, ${answered} recorded ${answered === 1 ? 'answer' : 'answers'})\n`,
  );
  return serve(server, input, out);
}

function pick(recordings: RecordedConnection[], conn: string | undefined): RecordedConnection | string {
  if (conn !== undefined) {
    const found = recordings.find((r) => r.conn === conn);
    return found ?? `no connection "${conn}" (it has ${recordings.map((r) => JSON.stringify(r.conn)).join(', ') || 'none'})`;
  }
  return (
    recordings.find((r) => r.requests.some((q) => q.answer !== undefined)) ??
    'no recorded request was answered, so there is nothing to answer with'
  );
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function decode(line: SplitLine): string | undefined {
  try {
    return decoder.decode(line.bytes);
  } catch {
    return undefined;
  }
}

/** Answers line by line until stdin ends (a last line without a newline is answered too). */
function serve(server: MockServer, input: NodeJS.ReadableStream, out: NodeJS.WritableStream): Promise<number> {
  const splitter = new LineSplitter();
  const answer = (line: SplitLine): void => {
    for (const reply of server.handle(decode(line))) out.write(`${reply}\n`);
  };
  return new Promise((resolve) => {
    const finish = (): void => {
      process.removeListener('SIGTERM', finish);
      input.removeAllListeners('data');
      // Nothing more is read: without this an open stdin would keep the process alive.
      (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      resolve(0);
    };
    input.on('data', (chunk: Buffer | string) => {
      for (const line of splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) answer(line);
    });
    input.on('end', () => {
      const last = splitter.end();
      if (last) answer(last);
      finish();
    });
    // A host that closes the pipe hard ends the conversation like any other end.
    input.on('error', finish);
    // SIGTERM from a host stopping its server: leave at once, as a server would.
    process.once('SIGTERM', finish);
  });
}
