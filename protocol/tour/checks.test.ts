// A step's expect against its outcome.
import { describe, expect, it } from 'vitest';
import { runChecks } from './checks.js';

const error = {
  jsonrpc: '2.0',
  id: 1,
  error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
};

describe('runChecks', () => {
  it("passes on deep equality, whatever the key order, with the tour's words", () => {
    expect(
      runChecks(
        [
          { at: '$.error.code', equals: -32022, pass: 'Refused, as it should.', fail: 'Not refused.' },
          { at: '$.error.data', equals: { supported: ['2026-07-28'] } },
        ],
        error,
      ),
    ).toEqual([
      { at: '$.error.code', ok: true, text: 'Refused, as it should.', detail: '$.error.code is -32022' },
      {
        at: '$.error.data',
        ok: true,
        text: '$.error.data is {"supported":["2026-07-28"]}',
        detail: '$.error.data is {"supported":["2026-07-28"]}',
      },
    ]);
  });

  it('fails on a different value, saying both', () => {
    expect(runChecks([{ at: '$.error.code', equals: -32602, fail: 'Wrong code.' }], error)).toEqual([
      { at: '$.error.code', ok: false, text: 'Wrong code.', detail: 'expected -32602, got -32022' },
    ]);
    expect(runChecks([{ at: '$.error.data.supported', equals: ['2026-07-28', 'x'] }], error)[0]?.ok).toBe(false);
  });

  it('without equals, asks only that the field be there (null counts as there)', () => {
    expect(runChecks([{ at: '$.error' }, { at: '$.result' }], error).map((r) => [r.ok, r.detail])).toEqual([
      [true, '$.error is there'],
      [false, '$.result is missing'],
    ]);
    expect(runChecks([{ at: '$.result' }], { result: null })[0]?.ok).toBe(true);
  });

  it('holds when any place a pattern selects passes', () => {
    const result = { result: { content: [{ type: 'image' }, { type: 'text' }] } };
    expect(runChecks([{ at: '$.result.content[*].type', equals: 'text' }], result)[0]?.ok).toBe(true);
    expect(runChecks([{ at: '$..type', equals: 'audio' }], result)[0]).toMatchObject({
      ok: false,
      detail: 'expected "audio", got "image"',
    });
  });

  it('fails every check when no message came back', () => {
    expect(runChecks([{ at: '$.error.code', equals: -32022, fail: 'No refusal.' }], undefined)).toEqual([
      { at: '$.error.code', ok: false, text: 'No refusal.', detail: 'no message came back' },
    ]);
  });
});
