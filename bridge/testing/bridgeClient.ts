/**
 * Test helpers for driving a real bridge over a real WebSocket: a small client that collects
 * every event and can wait for a predicate, plus paths to the fixtures and the demo server.
 * Used by the integration tests only; nothing here is part of the bridge.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import {
  bridgeEventSchema,
  type BridgeEvent,
  type ClientCommandInput,
  type LineEvent,
  type ServerConfigInput,
  type Stream,
  type WelcomeFrame,
  type JournalFrame,
} from '../../protocol/envelope.js';
import { createBridge, type BridgeOptions, type RunningBridge } from '../createBridge.js';

/** The repository root, whether this runs from source or from dist/node. */
export const repoRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export function fixturePath(name: string): string {
  return path.join(repoRoot, 'e2e', 'fixtures', name);
}

export const demoServerJs = path.join(repoRoot, 'dist', 'node', 'demo', 'server.js');
export const bridgeBinJs = path.join(repoRoot, 'dist', 'node', 'bridge', 'bin.js');

/** A server config that runs one fixture (or any .js/.mjs file) with this Node. */
export function nodeServer(
  script: string,
  options: { args?: string[]; env?: Record<string, string>; cwd?: string } = {},
): ServerConfigInput {
  const file = path.isAbsolute(script) ? script : fixturePath(script);
  return {
    command: process.execPath,
    args: [file, ...(options.args ?? [])],
    env: options.env ?? {},
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  };
}

export interface TestBridge {
  bridge: RunningBridge;
  home: string;
  /** Closes the bridge (idempotent) and removes the temporary home. */
  dispose(): Promise<void>;
}

/** A real bridge on a free port with a fresh temporary home. */
export async function startTestBridge(options: BridgeOptions = {}): Promise<TestBridge> {
  const home = options.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-test-'));
  const bridge = await createBridge({ port: 0, ...options, home }).listen();
  return {
    bridge,
    home,
    async dispose() {
      await bridge.close();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface ConnectOptions {
  /** Send `attach` right after the welcome frame: -1 (the default) for everything, a seq for what follows it, false to not attach. */
  attach?: number | false;
  /** Check every event against the envelope schema (default true; off for floods). */
  validate?: boolean;
  origin?: string;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Only look at events from this index of `events` on. */
  from?: number;
  /** Named in the timeout message. */
  what?: string;
}

/** A WebSocket client of the bridge that keeps every event it receives, in arrival order. */
export class BridgeClient {
  readonly events: BridgeEvent[] = [];
  readonly rejected: string[] = [];
  /** The bridge's word on its journal: stopped (and why), resumed. */
  readonly journalStates: JournalFrame[] = [];
  readonly invalid: string[] = [];
  welcome!: WelcomeFrame;
  closed = false;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly ws: WebSocket,
    private readonly validate: boolean,
  ) {}

  static async connect(target: { port: number; token: string }, options: ConnectOptions = {}): Promise<BridgeClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${target.port}/ws?token=${encodeURIComponent(target.token)}`, {
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    });
    const client = new BridgeClient(ws, options.validate ?? true);
    const welcome = new Promise<WelcomeFrame>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => {
        ws.terminate();
        reject(new Error(`upgrade refused: ${res.statusCode}`));
      });
      client.onWelcome = (frame) => {
        ws.off('error', reject);
        resolve(frame);
      };
    });
    ws.on('message', (data, isBinary) => client.receive(data as Buffer, isBinary));
    ws.on('close', () => {
      client.closed = true;
      client.notify();
    });
    ws.on('error', () => undefined);
    client.welcome = await welcome;
    if (options.attach !== false) client.send({ type: 'attach', after: options.attach ?? -1 });
    return client;
  }

  private onWelcome: (frame: WelcomeFrame) => void = () => undefined;

  private receive(data: Buffer, isBinary: boolean): void {
    if (isBinary) {
      this.invalid.push('binary frame');
      return;
    }
    const frame = JSON.parse(data.toString('utf8')) as { type: string; events?: unknown[]; message?: string };
    if (frame.type === 'welcome') this.onWelcome(frame as unknown as WelcomeFrame);
    else if (frame.type === 'rejected') this.rejected.push(frame.message ?? '');
    else if (frame.type === 'journal') this.journalStates.push(frame as unknown as JournalFrame);
    else if (frame.type === 'events') {
      for (const value of frame.events ?? []) {
        if (this.validate) {
          const parsed = bridgeEventSchema.safeParse(value);
          if (parsed.success) this.events.push(parsed.data);
          else this.invalid.push(JSON.stringify(value).slice(0, 500));
        } else {
          this.events.push(value as BridgeEvent);
        }
      }
    } else this.invalid.push(`unknown frame ${frame.type}`);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  send(command: ClientCommandInput): void {
    this.ws.send(JSON.stringify(command));
  }

  /** The index the next event will have: pass it as `from` to wait only for what comes next. */
  mark(): number {
    return this.events.length;
  }

  /** The socket under the WebSocket, to pause reading. */
  get socket(): net.Socket {
    return (this.ws as unknown as { _socket: net.Socket })._socket;
  }

  /** Resolves with the predicate's first truthy answer; checked now and after every frame. */
  waitFor<T>(predicate: (events: BridgeEvent[]) => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
    // A deadline for a loaded machine, not a wait: a passing test never reaches it.
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        const answer = predicate(options.from ? this.events.slice(options.from) : this.events);
        if (answer === undefined || answer === null || answer === false) return false;
        done();
        resolve(answer);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        const tail = this.events.slice(-8).map((e) => JSON.stringify(e).slice(0, 200));
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a predicate'}; last events:\n${tail.join('\n')}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = (): void => {
        check();
      };
      if (check()) return;
      this.listeners.add(listener);
    });
  }

  /** The first event (from `from` on) that matches. */
  waitForEvent<E extends BridgeEvent = BridgeEvent>(match: (event: BridgeEvent) => boolean, options: WaitOptions = {}): Promise<E> {
    let scanned = options.from ?? 0;
    return this.waitFor<E>(
      (_events) => {
        for (; scanned < this.events.length; scanned++) {
          const event = this.events[scanned] as BridgeEvent;
          if (match(event)) return event as E;
        }
        return undefined;
      },
      { ...options, from: 0 },
    );
  }

  /** Lines of one connection and stream received so far. */
  lines(conn: string, stream: Stream, from = 0): LineEvent[] {
    return this.events.slice(from).filter((e): e is LineEvent => e.kind === 'line' && e.conn === conn && e.stream === stream);
  }

  /** Waits for a line of one connection and stream whose text matches. */
  waitForLine(
    conn: string,
    stream: Stream,
    match: string | RegExp | ((text: string) => boolean),
    options: WaitOptions = {},
  ): Promise<LineEvent> {
    const test =
      typeof match === 'function' ? match : typeof match === 'string' ? (t: string) => t.includes(match) : (t: string) => match.test(t);
    return this.waitForEvent<LineEvent>(
      (e) => e.kind === 'line' && e.conn === conn && e.stream === stream && e.text !== undefined && test(e.text),
      {
        what: `a ${stream} line of ${conn} matching ${String(match)}`,
        ...options,
      },
    );
  }

  /** Spawns a server and resolves with its pid once the spawn event is in. */
  async spawn(conn: string, config: ServerConfigInput, label?: string): Promise<number> {
    const from = this.mark();
    this.send({ type: 'spawn', conn, config, ...(label === undefined ? {} : { label }) });
    const event = await this.waitForEvent((e) => e.conn === conn && (e.kind === 'spawn' || e.kind === 'spawn-error'), {
      from,
      what: `the spawn of ${conn}`,
    });
    if (event.kind !== 'spawn' || event.pid === undefined) throw new Error(`spawn of ${conn} failed: ${JSON.stringify(event)}`);
    return event.pid;
  }

  /** Sends one JSON-RPC message (as compact JSON) to a server's stdin. */
  sendJson(conn: string, message: unknown): void {
    this.send({ type: 'send', conn, text: JSON.stringify(message) });
  }

  /** Sends a request and resolves with the parsed stdout message answering it. */
  request(
    conn: string,
    id: number | string,
    method: string,
    params?: unknown,
    options: WaitOptions = {},
  ): Promise<Record<string, unknown>> {
    const from = this.mark();
    this.sendJson(conn, params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.answer(conn, id, { from, what: `the answer to ${method} (id ${id}) from ${conn}`, ...options });
  }

  /** Resolves with the parsed stdout message (result or error) that carries this id. */
  async answer(conn: string, id: number | string, options: WaitOptions = {}): Promise<Record<string, unknown>> {
    const line = await this.waitForLine(
      conn,
      'stdout',
      (text) => {
        try {
          const value = JSON.parse(text) as Record<string, unknown>;
          return value.id === id && ('result' in value || 'error' in value);
        } catch {
          return false;
        }
      },
      { what: `the answer to id ${id} from ${conn}`, ...options },
    );
    return JSON.parse(line.text ?? '') as Record<string, unknown>;
  }

  close(): Promise<void> {
    if (this.closed || this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain GET against the bridge, with whatever headers the test wants. */
export function httpGet(port: number, pathname: string, headers: Record<string, string> = {}, host = '127.0.0.1'): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path: pathname, method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** True while a process with this pid exists (kill -0). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Polls until the condition holds or the time is up; returns whether it held. */
export async function eventually(condition: () => boolean, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Every event of a journal file, parsed line by line. */
export function readJournal(file: string): Record<string, unknown>[] {
  const text = fs.readFileSync(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
