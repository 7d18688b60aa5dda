/**
 * Small HTTP servers that misbehave in ways a client must survive without harm, for tests: one
 * whose SSE answer is one line that never ends, and one that reads a tools/call, does the work
 * and resets the connection before any answer (the first time), passing everything else on to a
 * real MCP server.
 */
import http from 'node:http';
import type net from 'node:net';

export interface TrustServer {
  url: string;
  close: () => Promise<void>;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/mcp`)),
  );
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * POST /mcp: an SSE stream of `data: xxxx…` that never ends its line, written as fast as the
 * client reads, until the client goes. POST /mcp/ok: a JSON answer.
 */
export async function startEndlessSse(): Promise<TrustServer & { streamsClosed: () => number }> {
  let closed = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/mcp/ok') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":7,"result":{}}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: ');
    let open = true;
    res.on('close', () => {
      open = false;
      closed++;
    });
    const pump = (): void => {
      while (open && res.write(CHUNK));
      if (open) res.once('drain', pump);
    };
    pump();
  });
  const url = await listen(server);
  return { url, close: closer(server), streamsClosed: () => closed };
}

/**
 * A front to `target`: the first tools/call it reads is counted (the work done) and its
 * connection reset before any answer; every other request, a later tools/call too, is passed on.
 */
export async function startResetAfterWork(target: string): Promise<TrustServer & { calls: () => number }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      if (body.includes('"tools/call"') && ++calls === 1) {
        req.socket.resetAndDestroy();
        return;
      }
      void pass(req, body, res, target);
    });
  });
  const url = await listen(server);
  return { url, close: closer(server), calls: () => calls };
}

async function pass(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, target: string): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
  const answer = await fetch(target, {
    method: req.method ?? 'POST',
    headers,
    ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
  });
  res.writeHead(answer.status, out);
  const reader = answer.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    res.write(next.value);
  }
  res.end();
}
