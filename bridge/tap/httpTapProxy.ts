/**
 * The HTTP tap's reverse proxy: a host is pointed at it instead of a remote MCP server, and every
 * request, response and server-sent event passes through as it comes: the method, path, headers
 * (Authorization among them) and body to the upstream with Host rewritten to the upstream's, the
 * status, headers and body back, each chunk written to the host as soon as it arrives (a stream
 * is never held). Hop-by-hop headers stay on their hop. Nothing is added: no CORS, no headers of
 * its own. The record is made from copies, after the bytes went on (httpTapRecord.ts).
 *
 * It answers only requests addressed to its own loopback address: a web page that rebinds a
 * name of its own to 127.0.0.1 sends that name as Host, and is refused.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { httpMethodSchema, type HttpErrorCode, type TapInfo } from '../../protocol/envelope.js';
import { maskUrl, redactHttpConfig } from '../../protocol/redact.js';
import { TapExchange, TapSink } from './httpTapRecord.js';
import type { TapRecorder } from './types.js';

/** How long reaching the upstream (TCP, and TLS) may take before the host is answered 502. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

export interface HttpTapProxyOptions {
  /** The remote MCP endpoint. */
  url: string;
  listen: { host: string; port: number };
  recorder: TapRecorder;
  tap: TapInfo;
  connectTimeoutMs?: number;
}

export interface HttpTapProxy {
  port: number;
  /** What the host's config names instead of the remote URL (a query's credentials masked). */
  hostUrl: string;
  /** Stops listening, ends what is under way (recorded as aborted) and records the connection closed. */
  close(): Promise<void>;
}

/** RFC 9110 §7.6.1: these describe one hop (and Proxy-Connection, an old client's). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export async function startHttpTapProxy(options: HttpTapProxyOptions): Promise<HttpTapProxy> {
  const upstream = new URL(options.url);
  const secure = upstream.protocol === 'https:';
  const sink = new TapSink(options.recorder);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  // A new connection for every request: none goes out on a kept-alive socket the server is
  // closing as idle, which would fail it without the host having done anything wrong.
  const agent = secure ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  /** What is under way, each with how to end it when the tap stops. */
  const open = new Set<{ stop: (why: string) => void }>();
  let count = 0;
  let refusedHostNoted = false;
  let closing = false;
  let allowedHosts = new Set<string>();

  const server = http.createServer((req, res) => {
    const hostHeader = req.headers.host?.toLowerCase();
    if (hostHeader === undefined || !allowedHosts.has(hostHeader)) {
      if (!refusedHostNoted) {
        refusedHostNoted = true;
        sink.record({
          kind: 'notice',
          level: 'warn',
          message: `the tap refused a request for Host ${JSON.stringify((hostHeader ?? '').slice(0, 100))}: it answers only for its own address (a page rebinding a name to it is kept out)`,
        });
      }
      return plain(res, 403, 'mcp-lens tap: this proxy answers only requests for its own loopback address\n');
    }
    const target = req.url ?? '';
    // Origin-form only: an absolute URL would make this an open proxy to any address.
    if (!target.startsWith('/')) return plain(res, 400, 'mcp-lens tap: expected a path, not an absolute URL\n');
    if (closing) return plain(res, 503, 'mcp-lens tap: stopping\n');
    const method = req.method ?? 'GET';
    const upstreamUrl = `${upstream.origin}${target}`;
    const { raw, record } = requestHeaders(req.rawHeaders, upstream, req.headers['transfer-encoding'] !== undefined);
    const parsedMethod = httpMethodSchema.safeParse(method);
    const exchange = parsedMethod.success
      ? new TapExchange(sink, `t${++count}`, { method: parsedMethod.data, url: upstreamUrl, headers: record })
      : undefined;
    if (!exchange)
      sink.record({
        kind: 'notice',
        level: 'info',
        message: `a ${method.slice(0, 20)} request passed through unrecorded (an MCP exchange is a POST, GET or DELETE)`,
      });
    const upstreamRequest = (secure ? https : http).request({
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: upstream.port === '' ? (secure ? 443 : 80) : Number(upstream.port),
      method,
      path: target,
      headers: raw,
      agent,
      ...(isIpLiteral(upstream.hostname) ? {} : { servername: upstream.hostname }),
    });
    let answered = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      upstreamRequest.destroy(new Error(`not reached within ${connectTimeoutMs} ms`));
    }, connectTimeoutMs);
    const entry = {
      stop: (why: string): void => {
        exchange?.fail('aborted', why);
        upstreamRequest.destroy();
        res.destroy();
      },
    };
    open.add(entry);
    res.on('close', () => {
      open.delete(entry);
      clearTimeout(timer);
      if (res.writableFinished) return;
      // The host went away before the end: the upstream's side is let go of too.
      exchange?.fail('aborted', 'the host closed the exchange before its end');
      upstreamRequest.destroy();
    });
    upstreamRequest.on('socket', (socket) => {
      if (!socket.connecting) return clearTimeout(timer);
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(timer));
    });

    upstreamRequest.on('error', (cause: Error & { code?: string }) => {
      clearTimeout(timer);
      if (answered) return;
      answered = true;
      const detail = timedOut ? cause.message : (cause.code ?? cause.message);
      const reached = cause.code !== undefined && CLOSED_BEFORE_ANSWER.has(cause.code);
      const code: HttpErrorCode = timedOut ? 'timeout' : reached ? 'network' : 'refused';
      const message = reached
        ? `the connection closed before any answer (${detail})`
        : `could not reach ${maskUrl(upstream.origin)}: ${detail}`;
      exchange?.fail(code, message);
      if (res.destroyed) return;
      if (!res.headersSent) plain(res, 502, `mcp-lens tap: ${message}\n`);
      else res.destroy();
    });

    upstreamRequest.on('response', (answer) => {
      clearTimeout(timer);
      answered = true;
      res.sendDate = false;
      try {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders));
      } catch (cause) {
        // A status or header Node will not write again: the host gets what it would get of a
        // server it cannot read, a broken answer, said in the record.
        answer.destroy();
        exchange?.fail('network', `the upstream's answer could not be passed on: ${(cause as Error).message}`);
        if (!res.headersSent) plain(res, 502, 'mcp-lens tap: the upstream answered what cannot be passed on\n');
        return;
      }
      // The headers go at once: a host waits on them before the first event of a stream.
      res.flushHeaders();
      exchange?.responseHead(answer.statusCode ?? 502, headerObject(answer.headers));
      answer.on('data', (chunk: Buffer) => {
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
        exchange?.responseChunk(chunk);
      });
      answer.on('end', () => {
        res.end();
        exchange?.responseEnd();
      });
      answer.on('error', () => undefined);
      answer.on('close', () => {
        if (answer.complete) return;
        // The upstream broke off: so does the host's response, as it would have without the tap.
        res.destroy();
        exchange?.brokeOff('the upstream closed the connection');
      });
    });

    req.on('data', (chunk: Buffer) => {
      if (!upstreamRequest.write(chunk)) {
        req.pause();
        upstreamRequest.once('drain', () => req.resume());
      }
      exchange?.requestChunk(chunk);
    });
    req.on('end', () => {
      upstreamRequest.end();
      exchange?.requestEnd();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const self = options.listen.host.includes(':') ? `[${options.listen.host}]` : options.listen.host;
  allowedHosts = new Set([`${self}:${port}`, `localhost:${port}`].map((h) => h.toLowerCase()));
  const { config } = redactHttpConfig({ url: options.url, headers: {} });
  sink.record({ kind: 'spawn', config, tap: options.tap });

  let closed: Promise<void> | undefined;
  return {
    port,
    hostUrl: `http://${self}:${port}${maskUrl(`http://x${upstream.pathname}${upstream.search}`).slice('http://x'.length)}`,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const entry of [...open]) entry.stop('the tap stopped');
        server.closeAllConnections();
        await done;
        agent.destroy();
        sink.record({ kind: 'exit', code: null, signal: null, requested: true });
      })()),
  };
}

/** The errors of a request whose connection closed after it went out: the server may have read it. */
const CLOSED_BEFORE_ANSWER = new Set(['ECONNRESET', 'EPIPE']);

function plain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The names a Connection header lists are hop-by-hop too. */
function hopByHop(raw: readonly string[]): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (raw[i]?.toLowerCase() === 'connection')
      for (const name of (raw[i + 1] ?? '').split(',')) if (name.trim() !== '') names.add(name.trim().toLowerCase());
  return names;
}

/**
 * The host's headers as they go on, names, case, order and repeats kept: Host becomes the
 * upstream's, hop-by-hop ones stay here, and Expect was answered here. A body the host sent
 * chunked goes on chunked. `record`: the same as a map, Host aside, as HttpHost records a request.
 */
function requestHeaders(raw: readonly string[], upstream: URL, chunked: boolean): { raw: string[]; record: Record<string, string> } {
  const drop = hopByHop(raw);
  drop.add('host');
  drop.add('expect');
  const out = ['Host', upstream.host];
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const value = raw[i + 1] ?? '';
    if (drop.has(name.toLowerCase())) continue;
    out.push(name, value);
    record[name] = record[name] === undefined ? value : `${record[name]}, ${value}`;
  }
  // The URL's user and password, as Basic credentials, when the host sent no Authorization of its own.
  if ((upstream.username !== '' || upstream.password !== '') && !Object.keys(record).some((n) => n.toLowerCase() === 'authorization')) {
    const value = `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString('base64')}`;
    out.push('Authorization', value);
    record.Authorization = value;
  }
  if (chunked) out.push('Transfer-Encoding', 'chunked');
  return { raw: out, record };
}

/** The upstream's headers as they go to the host: all but the hop-by-hop ones, as sent. */
function responseHeaders(raw: readonly string[]): string[] {
  const drop = hopByHop(raw);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!drop.has((raw[i] ?? '').toLowerCase())) out.push(raw[i] ?? '', raw[i + 1] ?? '');
  return out;
}

/** Node's parsed headers as a fetch Headers object reads them: lower-case names, repeats joined. */
function headerObject(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function isIpLiteral(hostname: string): boolean {
  return /^[\d.]+$/.test(hostname) || hostname.startsWith('[');
}
