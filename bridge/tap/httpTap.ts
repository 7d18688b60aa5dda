/**
 * `mcp-lens tap --url URL --listen HOST:PORT`: a local reverse proxy in front of a remote MCP
 * server (httpTapProxy.ts), recorded live in a running bridge or journaled under the home. It says
 * on stderr where it listens and what the host's config names, then runs until SIGINT or SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import type { TapInfo } from '../../protocol/envelope.js';
import { maskUrl, redactHttpConfig } from '../../protocol/redact.js';
import { tapConnId } from '../../protocol/tap/tapFrames.js';
import { startHttpTapProxy, type HttpTapProxy } from './httpTapProxy.js';
import type { TapRecorder } from './types.js';

export interface HttpTapOptions {
  url: string;
  listen: { host: string; port: number };
  home?: string;
  /** How long reaching the upstream may take before the host is answered 502 (default 30 s). */
  connectTimeoutMs?: number;
}

export async function runHttpTap(options: HttpTapOptions, err: NodeJS.WritableStream): Promise<number> {
  const tap: TapInfo = { id: randomBytes(8).toString('hex'), pid: process.pid, via: 'http' };
  const { config } = redactHttpConfig({ url: options.url, headers: {} });
  let recorder: TapRecorder;
  try {
    const { openTapRecorder } = await import('./recorder.js');
    recorder = openTapRecorder({ tap, config, err, ...(options.home === undefined ? {} : { home: options.home }) });
  } catch (cause) {
    // Recording is the tap's own business: the host's traffic passes whether it works or not.
    err.write(`mcp-lens tap: not recording (${(cause as Error).message}); passing the traffic through all the same\n`);
    recorder = { conn: tapConnId(tap.id), record: () => undefined, line: () => undefined, close: () => Promise.resolve() };
  }
  let proxy: HttpTapProxy;
  try {
    proxy = await startHttpTapProxy({
      url: options.url,
      listen: options.listen,
      recorder,
      tap,
      ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    });
  } catch (cause) {
    const e = cause as Error & { code?: string };
    err.write(`mcp-lens tap: cannot listen on ${options.listen.host}:${options.listen.port}: ${e.code ?? e.message}\n`);
    await recorder.close();
    return 1;
  }
  err.write(`mcp-lens tap: listening on port ${proxy.port} for ${maskUrl(options.url)}; point the host's config at ${proxy.hostUrl}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await proxy.close();
  await recorder.close();
  return 0;
}
