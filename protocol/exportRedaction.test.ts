// The export dialog's model: what it lists, what keeping one puts back, and echoed values masked.
import { describe, expect, it } from 'vitest';
import { base64Encode, utf8Encode } from './bytes.js';
import { isStdioConfig, type BridgeEvent, type ServerConfig } from './envelope.js';
import { applyExportChoices, itemRef, planExport } from './exportRedaction.js';
import { redactConfig, REDACTED } from './redact.js';
import { buildSessionFile, sessionFileSchema } from './sessionFile.js';

const R = REDACTED;
const TOKEN = 'sk-live-0123456789';
const ENV = 'env-value-abcdef';
const clearConfig: ServerConfig = {
  command: 'node',
  args: ['server.js', '--token', TOKEN, '--header', 'Authorization: Bearer hdr-value-xyz'],
  env: { API_KEY: ENV, DEBUG: '1' },
};

function recording(): BridgeEvent[] {
  let seq = 0;
  const ev = (e: Record<string, unknown>): BridgeEvent => ({ seq: seq++, t: seq, ...e }) as BridgeEvent;
  const text = (conn: string, stream: string, body: string): BridgeEvent =>
    ev({ conn, kind: 'line', stream, text: body, eol: '\n', size: utf8Encode(body).length });
  const raw = new Uint8Array([0xff, ...utf8Encode(`x${TOKEN}y`)]);
  return [
    ev({ conn: 'a', kind: 'spawn', config: redactConfig(clearConfig), pid: 1 }),
    ev({ conn: 'b', kind: 'spawn', config: redactConfig({ command: 'srv', args: ['--api-key=other-secret-1'], env: {} }), pid: 2 }),
    text('a', 'stdin', '{"jsonrpc":"2.0","id":1,"method":"tools/call"}'),
    text('a', 'stdout', `{"jsonrpc":"2.0","id":1,"result":{"env":"${ENV}","note":"é"}}`),
    ev({ conn: 'a', kind: 'line', stream: 'stderr', b64: base64Encode(raw), eol: '\n', size: raw.length }),
    text('b', 'stdout', `echo ${TOKEN}`),
    ev({ conn: 'a', kind: 'note', topic: 'connect.done', data: { outcome: { serverInfo: { name: TOKEN } } } }),
    text('a', 'stdout', 'nothing secret, DEBUG=1'),
  ];
}

const clear = new Map([['a', clearConfig]]);

describe('planExport', () => {
  it('lists every redaction per connection, keepable only where the tab knows the value', () => {
    const file = buildSessionFile(recording(), { name: 't', version: '0' });
    const plan = planExport(file, clear);
    expect(plan.items.map((i) => [i.conn, i.id, i.rule, i.preview, i.context, i.keepable])).toEqual([
      ['a', 'args[2]#0', 'flag', 'sk…', `--token ${R}`, true],
      ['a', 'args[4]#0', 'header', 'hd…', `Authorization: Bearer ${R}`, true],
      ['a', 'env.API_KEY', 'env', 'en…', `API_KEY=${R}`, true],
      ['a', 'env.DEBUG', 'env', '…', `DEBUG=${R}`, true],
      ['b', 'args[0]#0', 'flag', '…', `--api-key=${R}`, false],
    ]);
    expect(plan.items.find((i) => i.conn === 'b')?.secret).toBeUndefined();
  });

  it('finds the recorded events that contain a value, on any connection, in text, bytes and notes', () => {
    const plan = planExport(buildSessionFile(recording(), { name: 't', version: '0' }), clear);
    expect(plan.echoes).toEqual([
      { seq: 3, conn: 'a', kind: 'line', stream: 'stdout', items: [itemRef('a', 'env.API_KEY')] },
      { seq: 4, conn: 'a', kind: 'line', stream: 'stderr', items: [itemRef('a', 'args[2]#0')] },
      { seq: 5, conn: 'b', kind: 'line', stream: 'stdout', items: [itemRef('a', 'args[2]#0')] },
      { seq: 6, conn: 'a', kind: 'note', items: [itemRef('a', 'args[2]#0')] },
    ]);
  });

  it('looks for nothing when no value is known', () => {
    expect(planExport(buildSessionFile(recording(), { name: 't', version: '0' }), new Map()).echoes).toEqual([]);
  });
});

describe('applyExportChoices', () => {
  const build = (keep: string[], keepEchoes = false) => {
    const file = buildSessionFile(recording(), { name: 't', version: '0' });
    const plan = planExport(file, clear);
    return applyExportChoices(file, clear, plan, { keep: new Set(keep.map((id) => itemRef('a', id))), keepEchoes });
  };

  it('by default: no value anywhere, echoed lines masked with their size recomputed, still a valid file', () => {
    const out = build([]);
    const text = JSON.stringify(out);
    for (const secret of [TOKEN, ENV, 'hdr-value-xyz']) expect(text).not.toContain(secret);
    const line = out.events[3];
    expect(line).toMatchObject({ text: `{"jsonrpc":"2.0","id":1,"result":{"env":"${R}","note":"é"}}` });
    expect(line?.kind === 'line' && line.size).toBe(utf8Encode(line?.kind === 'line' ? (line.text ?? '') : '').length);
    const bytes = out.events[4];
    expect(bytes?.kind === 'line' && bytes.b64).toBe(base64Encode(new Uint8Array([0xff, ...utf8Encode(`x${R}y`)])));
    expect(bytes?.kind === 'line' && bytes.size).toBe(1 + `x${R}y`.length);
    expect(out.events[6]).toMatchObject({ data: { outcome: { serverInfo: { name: R } } } });
    expect(out.events[7]).toEqual(recording()[7]);
    expect(sessionFileSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('keeping one puts exactly that one back, in the connection and its spawn event, and leaves its echoes', () => {
    const out = build(['args[2]#0']);
    const found = out.connections.find((c) => c.conn === 'a')?.config;
    const config = found !== undefined && isStdioConfig(found) ? found : undefined;
    expect(config?.args).toEqual(['server.js', '--token', TOKEN, '--header', `Authorization: Bearer ${R}`]);
    expect(config?.env).toEqual({ API_KEY: R, DEBUG: R });
    expect(out.events[0]).toMatchObject({ kind: 'spawn', config });
    expect(out.events[5]).toMatchObject({ text: `echo ${TOKEN}` });
    // The env value is still masked where echoed.
    expect(JSON.stringify(out)).not.toContain(ENV);
  });

  it('an env value can be kept too, and echoes can be left exactly as recorded', () => {
    const out = build(['env.API_KEY'], true);
    const config = out.connections[0]?.config;
    expect(config && 'env' in config ? config.env : undefined).toEqual({ API_KEY: ENV, DEBUG: R });
    expect(out.events.slice(2)).toEqual(buildSessionFile(recording(), { name: 't', version: '0' }).events.slice(2));
  });
});
