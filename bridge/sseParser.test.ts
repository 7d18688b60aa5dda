import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sseParser.js';

const plain = (events: SseEvent[]) =>
  events.map(({ data, hasData, ...rest }) => ({ ...rest, data: hasData ? data.toString('utf8') : undefined }));

function parseAll(chunks: (string | Buffer)[]): { events: SseEvent[]; inEvent: boolean } {
  const parser = new SseParser();
  const events = chunks.flatMap((c) => parser.push(typeof c === 'string' ? Buffer.from(c) : c));
  return { events, inEvent: parser.inEvent };
}

describe('SseParser', () => {
  it('reads ids, event names, retry and multi-line data, skipping comments and unknown fields', () => {
    const { events, inEvent } = parseAll([
      ': keep-alive\n',
      'id: 1\nevent: message\nretry: 500\ndata: {"a":\ndata: 1}\nfoo: bar\n\n',
      'data:x\n\n',
    ]);
    expect(plain(events)).toEqual([{ id: '1', event: 'message', retry: 500, data: '{"a":\n1}' }, { data: 'x' }]);
    expect(inEvent).toBe(false);
  });

  it('takes CRLF, CR and LF line ends, split anywhere, and a byte order mark at the start', () => {
    const text = '\ufeffid: a\r\ndata: one\r\n\r\nid: b\rdata: two\r\rdata: three\n\n';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { events } = parseAll([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(plain(events), `cut at ${cut}`).toEqual([{ id: 'a', data: 'one' }, { id: 'b', data: 'two' }, { data: 'three' }]);
    }
  });

  it('reports a priming event (an id, empty data) without data, and keeps bytes that are not UTF-8 exactly', () => {
    const { events } = parseAll(['id: p0\ndata:\n\n', Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0xfe, 0x0a, 0x0a])]);
    expect(events[0]).toMatchObject({ id: 'p0', hasData: true });
    expect(events[0]?.data.length).toBe(0);
    expect(events[1]?.data).toEqual(Buffer.from([0xff, 0xfe]));
  });

  it('says when a stream stops inside an event, in a line or after fields with no blank line', () => {
    expect(parseAll(['data: {"jsonrpc":"2.0","id":1,"res']).inEvent).toBe(true);
    expect(parseAll(['id: 4\ndata: {}\n']).inEvent).toBe(true);
    expect(parseAll(['data: {}\n\n']).inEvent).toBe(false);
  });

  it('ignores an id with a NUL in it and a retry that is not digits', () => {
    expect(plain(parseAll(['id: a\u0000b\nretry: 10s\ndata: x\n\n']).events)).toEqual([{ data: 'x' }]);
  });
});
