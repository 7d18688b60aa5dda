// The rare things a long session holds and a timeline must still show: lines that are not JSON
// or not UTF-8, a line the user sent broken on purpose, an answer to nothing, an answer that
// breaks JSON-RPC, a CRLF line end, a burst of logs, a crash with a line cut mid-way and the
// restart, a server that cannot be spawned, and the bridge refusing a send. Each is placed a
// few times at evenly spaced points of the session, so even a short journal has every one.
import { connectNotes } from './wire.mjs';

export const ODDITIES = {
  nonJson(s, c, t) {
    s.line(t, c, 'stdout', 'debug: cache warm (not JSON)', ['invalid', 'non-json']);
  },
  invalidUtf8Stdout(s, c, t) {
    s.line(t, c, 'stdout', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), ['invalid', 'invalid-utf8']);
  },
  invalidUtf8Stderr(s, c, t) {
    s.line(t, c, 'stderr', Buffer.concat([Buffer.from('truncated '), Buffer.from([0xe2, 0x82])]), ['stderr', 'invalid-utf8']);
  },
  malformedStdin(s, c, t) {
    s.line(t, c, 'stdin', `{"jsonrpc":"2.0","id":"raw-${Math.round(t) % 100000}","method":"tools/list"  ,broken`, ['invalid', 'non-json']);
  },
  orphanResponse(s, c, t) {
    s.line(t, c, 'stdout', c.server.result(900_000 + (Math.round(t) % 1000), { content: [] }), ['orphan']);
  },
  /** A request answered with both result and error: a response that breaks JSON-RPC. */
  invalidResponse(s, c, t) {
    const id = c.nextId++;
    s.line(t, c, 'stdin', c.client.request(id, 'tools/list'), ['request', 'method:tools/list']);
    s.line(t + 3, c, 'stdout', JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [] }, error: { code: -32603, message: 'both' } }), [
      'status:invalid',
    ]);
  },
  crlf(s, c, t) {
    s.line(
      t,
      c,
      'stdout',
      c.server.notification('notifications/message', { level: 'info', data: 'written with CRLF', logger: 'win' }),
      ['notification'],
      '\r\n',
    );
  },
  burst(s, c, t, rand) {
    for (let i = 0; i < 300; i++)
      s.line(
        t + i * 0.5 + rand() * 0.4,
        c,
        'stdout',
        c.server.notification('notifications/message', { level: 'debug', data: { burst: i }, logger: 'burst' }),
        ['notification'],
      );
  },
  /** The server dies mid-line; the app's next send is refused; the user reconnects. */
  crash(s, c, t, rand, session) {
    s.line(t, c, 'stdout', '{"jsonrpc":"2.0","method":"notifications/mess', ['invalid', 'non-json'], '');
    s.line(t + 1, c, 'stderr', 'Error: boom', ['stderr']);
    s.line(t + 1.5, c, 'stderr', '    at Timeout._onTimeout (file:///home/user/mcp-lens/dist/node/demo/tools.js:1:1)', ['stderr']);
    s.event(
      t + 4,
      c,
      () => {
        session.died(c);
        return { kind: 'exit', conn: c.conn, code: 1, signal: null, requested: false };
      },
      ['process'],
    );
    s.event(t + 900, null, () => ({ kind: 'notice', conn: c.conn, level: 'error', message: 'not sent: the server is not running' }), [
      'notice',
    ]);
    session.reconnectLater(c, t + 2500);
  },
  spawnError(s, c, t, _rand, session) {
    const bad = session.spareConnection('handshake');
    const config = { command: 'mcp-server-missing', args: ['--stdio'], env: {} };
    s.note(t, bad, 'connect.start', connectNotes.start('handshake'));
    s.event(
      t + 3,
      bad,
      () => ({ kind: 'spawn-error', conn: bad.conn, config, code: 'ENOENT', message: 'spawn mcp-server-missing ENOENT' }),
      ['process'],
    );
    s.note(t + 4, bad, 'connect.failed', connectNotes.failed('spawn mcp-server-missing ENOENT'));
  },
};
