import { describe, it, expect } from 'vitest';
import { DEPTH_SHOWN, messageLines } from './messageLines.js';

/** The lines as their JSON text, indented two spaces a level: what the view shows. */
const text = (value: unknown, shown?: number): string =>
  messageLines(value, shown)
    .map((l) => {
      const key = l.key === undefined ? '' : typeof l.key === 'number' ? '' : `${JSON.stringify(l.key)}: `;
      const v =
        l.more !== undefined
          ? `… ${l.more} more`
          : (l.close ??
            (l.value === undefined
              ? ''
              : 'scalar' in l.value
                ? JSON.stringify(l.value.scalar)
                : 'open' in l.value
                  ? l.value.open
                  : l.value.empty));
      return `${'  '.repeat(l.depth)}${key}${v}${l.comma && !(l.value !== undefined && 'open' in l.value) ? ',' : ''}`;
    })
    .join('\n');

describe('messageLines', () => {
  it('reads as the pretty-printed JSON, one line per field', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { capabilities: {}, clientInfo: { name: 'x' }, list: [1, [], null] },
    };
    expect(text(message)).toBe(JSON.stringify(message, null, 2));
  });

  it("gives each field's line its path, and none to brackets that close", () => {
    const lines = messageLines({
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      content: [{ type: 'text' }],
    });
    expect(lines.map((l) => l.pathText ?? null)).toEqual([
      null,
      '$.params',
      '$.params._meta',
      '$.params._meta["io.modelcontextprotocol/protocolVersion"]',
      null,
      null,
      '$.content',
      '$.content[0]',
      '$.content[0].type',
      null,
      null,
      null,
    ]);
    expect(lines[3]?.path).toEqual(['params', '_meta', 'io.modelcontextprotocol/protocolVersion']);
  });

  it('shows the first items of a long list and how many more', () => {
    expect(text({ tools: [1, 2, 3, 4] }, 2)).toBe('{\n  "tools": [\n    1,\n    2,\n    … 2 more\n  ]\n}');
  });

  it('lays out a message nested past any recursion limit down to DEPTH_SHOWN, and says the rest is deeper', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const lines = messageLines(deep);
    expect(lines).toHaveLength(2 * DEPTH_SHOWN + 1);
    expect(lines[DEPTH_SHOWN]).toMatchObject({ depth: DEPTH_SHOWN, deeper: true });
    expect(lines[DEPTH_SHOWN]?.path).toHaveLength(DEPTH_SHOWN);
  });

  it('shows a scalar message as one line with no path', () => {
    expect(messageLines('hi')).toEqual([{ depth: 0, value: { scalar: 'hi' }, comma: false }]);
  });
});
