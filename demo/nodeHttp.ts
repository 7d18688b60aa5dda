// node:http in front of a web-standard handler (`(Request) => Promise<Response>`), which is the
// shape the SDK's HTTP serving takes. The SDK's own adapter lives in another package
// (@modelcontextprotocol/node); this is the little the demo needs: the request body read whole
// (a demo's messages are small, and a body held in memory can be read twice, once to route by
// flow and once to serve), and the response streamed as it is produced, so an SSE event reaches
// the client when the server writes it, not when the stream ends.

import type { IncomingMessage, ServerResponse } from 'node:http';

/** The most a request body may hold (the SDK's own default bound). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type FetchHandler = (request: Request) => Promise<Response>;

export async function toWebRequest(req: IncomingMessage, base: string, signal: AbortSignal): Promise<Request | 'too large'> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return 'too large';
      chunks.push(chunk);
    }
    body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(req.url ?? '/', base), { method, headers, body, signal });
}

/** Writes a web `Response` to node's `res`, each chunk as it comes; stops when the client goes. */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // Headers go out now: an SSE stream may be silent for a while before its first event.
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = (): void => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The stream was cancelled (the client went away) or failed: nothing more to write.
  } finally {
    res.off('close', stop);
    res.end();
  }
}

/** A node `request` listener serving `handler`; failures become a 500, never a crash. */
export function nodeListener(handler: FetchHandler, base: string, onerror: (error: Error) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    void (async () => {
      const request = await toWebRequest(req, base, abort.signal);
      if (request === 'too large') {
        res.writeHead(413, { 'content-type': 'text/plain' }).end('request body too large\n');
        return;
      }
      await writeWebResponse(await handler(request), res);
    })().catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  };
}
