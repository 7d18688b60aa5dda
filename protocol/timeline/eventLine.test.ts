import { describe, expect, it } from 'vitest';
import { bridgeEventSchema } from '../envelope.js';
import { parseEventText, parseEventValue } from './eventLine.js';

const good = { seq: 3, t: 1_750_000_000_000.5, conn: 'c1', kind: 'line', stream: 'stdout', text: '{"a":1}', eol: '\n', size: 7 };

/** Every way one field of a good line can go wrong, and a few that are fine. */
function variants(): unknown[] {
  const out: unknown[] = [good, { ...good, conn: undefined }, { ...good, text: undefined, b64: '/w==' }, { ...good, eol: '' }];
  const bad: Record<string, unknown[]> = {
    seq: [-1, 1.5, '3', null, undefined],
    t: ['1', null, undefined],
    conn: [3, null],
    kind: ['lines', undefined],
    stream: ['stdio', undefined, 1],
    text: [3, null],
    b64: ['AA=='],
    eol: ['\r', undefined],
    size: [-1, 2.5, undefined],
    extra: ['x'],
  };
  for (const [key, values] of Object.entries(bad)) for (const value of values) out.push({ ...good, [key]: value });
  out.push({ ...good, text: undefined }, null, [], 'line', { ...good, kind: 'notice', level: 'info', message: 'm' });
  return out;
}

describe('parseEventValue', () => {
  it('accepts exactly what the envelope schema accepts, with the same fields', () => {
    for (const value of variants()) {
      const ours = parseEventValue(value);
      const zod = bridgeEventSchema.safeParse(value);
      expect(ours.ok, JSON.stringify(value)).toBe(zod.success);
      if (ours.ok && zod.success) expect(JSON.parse(JSON.stringify(ours.event))).toEqual(JSON.parse(JSON.stringify(zod.data)));
    }
  });

  it('reports text that is not JSON', () => {
    expect(parseEventText('{"seq":')).toEqual({ ok: false, error: 'not JSON' });
  });
});
