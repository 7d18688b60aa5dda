// listAll against a real ClientSession wired to a scripted fake server.
import { describe, expect, it } from 'vitest';

import { ClientSession, type Timers } from './clientSession.js';
import { LATEST_HANDSHAKE_VERSION, STATELESS_VERSION, type Flow } from './flows.js';
import { classifyValue, type JsonRpcId } from './jsonrpc.js';
import { findListed, listAll, MAX_PAGES } from './pagination.js';

const J = '2.0';

/** What the fake server answers to a list request with this cursor (undefined: the first page); nothing for silence. */
type Script = (
  cursor: string | undefined,
) => { result: Record<string, unknown> } | { error: { code: number; message: string } } | undefined;

function setup(script: Script, flow: Flow = 'handshake') {
  const lines: string[] = [];
  const cursors: (string | undefined)[] = [];
  const timeouts = new Map<number, () => void>();
  let handles = 0;
  const timers: Timers = {
    set: (fn) => {
      timeouts.set(++handles, fn);
      return handles;
    },
    clear: (handle) => timeouts.delete(handle as number),
    now: () => 0,
  };
  let id = 0;
  const session: ClientSession = new ClientSession({
    flow,
    protocolVersion: flow === 'stateless' ? STATELESS_VERSION : LATEST_HANDSHAKE_VERSION,
    nextId: () => ++id,
    timers,
    send: (line) => {
      lines.push(line);
      const frame = JSON.parse(line) as { id?: JsonRpcId; params?: { cursor?: string } };
      if (frame.id === undefined) return;
      cursors.push(frame.params?.cursor);
      const answer = script(frame.params?.cursor);
      if (answer !== undefined) queueMicrotask(() => session.onMessage(classifyValue({ jsonrpc: J, id: frame.id, ...answer })));
    },
  });
  /** Fires every timer armed so far (the idle timeouts of silent requests). */
  const expire = (): void => {
    for (const [handle, fn] of [...timeouts]) if (timeouts.delete(handle)) fn();
  };
  return { session, lines, cursors, expire };
}

const page = (tools: string[], nextCursor?: string): { result: Record<string, unknown> } => ({
  result: { tools: tools.map((name) => ({ name })), ...(nextCursor === undefined ? {} : { nextCursor }) },
});

describe('listAll', () => {
  it('follows nextCursor through three pages, each its own request', async () => {
    const pages: Record<string, { result: Record<string, unknown> }> = {
      first: page(['a', 'b'], 'c2'),
      c2: page(['c'], 'c3'),
      c3: page(['d']),
    };
    const s = setup((cursor) => pages[cursor ?? 'first']);
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed).toEqual({ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }], pages: 3 });
    expect(s.lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"c2"}}',
      '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"c3"}}',
    ]);
  });

  it('treats an empty-string cursor as a cursor', async () => {
    const s = setup((cursor) => (cursor === undefined ? page(['a'], '') : cursor === '' ? page(['b']) : undefined));
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed).toEqual({ items: [{ name: 'a' }, { name: 'b' }], pages: 2 });
    expect(s.cursors).toEqual([undefined, '']);
    expect(s.lines[1]).toBe('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":""}}');
  });

  it('stops when a cursor comes back a second time', async () => {
    const s = setup((cursor) => (cursor === undefined ? page(['a'], 'x') : cursor === 'x' ? page(['b'], 'y') : page(['c'], 'x')));
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed).toEqual({ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], pages: 3, stopped: 'repeated-cursor' });
    expect(s.cursors).toEqual([undefined, 'x', 'y']);
  });

  it('stops on a server that repeats the same cursor at once', async () => {
    const s = setup((cursor) => page([cursor ?? 'first'], 'same'));
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed).toEqual({ items: [{ name: 'first' }, { name: 'same' }], pages: 2, stopped: 'repeated-cursor' });
  });

  it('returns the items so far with the error that stopped the walk', async () => {
    const s = setup((cursor) => (cursor === undefined ? page(['a'], 'next') : { error: { code: -32602, message: 'Invalid cursor' } }));
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed).toEqual({
      items: [{ name: 'a' }],
      pages: 2,
      failure: { kind: 'error', id: 2, error: { code: -32602, message: 'Invalid cursor' } },
    });
  });

  it('returns the items so far when a page times out', async () => {
    const s = setup((cursor) => (cursor === undefined ? page(['a'], 'next') : undefined));
    const walk = listAll(s.session, 'tools/list', 'tools', { timeoutMs: 5_000 });
    while (s.lines.length < 2) await new Promise((resolve) => setTimeout(resolve, 0));
    s.expire();
    const listed = await walk;
    expect(listed).toEqual({ items: [{ name: 'a' }], pages: 2, failure: { kind: 'timeout', id: 2, afterMs: 5_000 } });
    expect(s.lines[2]).toBe(
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"timed out after 5000 ms"}}',
    );
  });

  it('skips a page whose items are not a list, and ends on a non-string cursor', async () => {
    const s = setup((cursor) =>
      cursor === undefined ? { result: { tools: 'oops', nextCursor: 'p2' } } : { result: { tools: [{ name: 'z' }], nextCursor: 7 } },
    );
    expect(await listAll(s.session, 'tools/list', 'tools')).toEqual({ items: [{ name: 'z' }], pages: 2 });
  });

  it('sends the stateless envelope with each cursor', async () => {
    const s = setup(
      (cursor) =>
        cursor === undefined
          ? { result: { resources: [1], nextCursor: 'n', resultType: 'complete' } }
          : { result: { resources: [2], resultType: 'complete' } },
      'stateless',
    );
    expect(await listAll(s.session, 'resources/list', 'resources')).toEqual({ items: [1, 2], pages: 2 });
    const second = JSON.parse(s.lines[1] ?? '') as { params: Record<string, unknown> };
    expect(second.params.cursor).toBe('n');
    expect(second.params._meta).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': STATELESS_VERSION });
    expect(JSON.parse(s.lines[0] ?? '')).toMatchObject({ params: { _meta: {} } });
    expect((JSON.parse(s.lines[0] ?? '') as { params: Record<string, unknown> }).params.cursor).toBeUndefined();
  });

  it(`gives up after ${MAX_PAGES} pages of ever-new cursors`, async () => {
    let n = 0;
    const s = setup(() => page([`t${n}`], `c${++n}`));
    const listed = await listAll(s.session, 'tools/list', 'tools');
    expect(listed.pages).toBe(MAX_PAGES);
    expect(listed.items).toHaveLength(MAX_PAGES);
    expect(listed.failure).toBeUndefined();
    expect(s.lines).toHaveLength(MAX_PAGES);
  });
});

describe('findListed', () => {
  const pages: Record<string, { result: Record<string, unknown> }> = {
    first: page(['a', 'b'], 'c2'),
    c2: page(['c'], 'c3'),
    c3: page(['d', 'e'], 'c4'),
    c4: page(['f']),
  };
  const script: Script = (cursor) => pages[cursor ?? 'first'];
  const named =
    (name: string) =>
    (item: unknown): boolean =>
      (item as { name?: unknown }).name === name;

  it('pages on until the item is there, and asks for no page beyond it', async () => {
    const { session, cursors } = setup(script, 'stateless');
    const found = await findListed(session, 'tools/list', 'tools', named('d'));
    expect(found).toEqual({ item: { name: 'd' }, pages: 3 });
    expect(cursors).toEqual([undefined, 'c2', 'c3']);
  });

  it('walks every page when the item is nowhere', async () => {
    const { session, cursors } = setup(script);
    expect(await findListed(session, 'tools/list', 'tools', named('zz'))).toEqual({ pages: 4 });
    expect(cursors).toHaveLength(4);
  });

  it('says what stopped the walk', async () => {
    const { session } = setup((cursor) =>
      cursor === 'c2' ? { error: { code: -32602, message: 'bad cursor' } } : pages[cursor ?? 'first'],
    );
    expect(await findListed(session, 'tools/list', 'tools', named('d'))).toEqual({
      pages: 2,
      failure: { kind: 'error', id: 2, error: { code: -32602, message: 'bad cursor' } },
    });
  });
});
