import { describe, expect, it } from 'vitest';
import { SseParser } from './sseParser.js';

describe('SseParser: an event held only up to a cap', () => {
  it('lets go of a line that never ends, and reads nothing after', () => {
    const parser = new SseParser(100);
    expect(parser.push(Buffer.from('data: one\n\ndata: '))).toHaveLength(1);
    expect(parser.overflowed).toBe(false);
    expect(parser.push(Buffer.alloc(200, 'x'))).toEqual([]);
    expect(parser.overflowed).toBe(true);
    expect(parser.inEvent).toBe(false);
    expect(parser.push(Buffer.from('\n\ndata: two\n\n'))).toEqual([]);
  });

  it('counts an event of many short data lines as one', () => {
    const parser = new SseParser(100);
    for (let i = 0; i < 30; i++) parser.push(Buffer.from('data: 0123456789\n'));
    expect(parser.overflowed).toBe(true);
    const roomy = new SseParser(100);
    expect(roomy.push(Buffer.from('data: 0123456789\n'.repeat(3) + '\n'))).toHaveLength(1);
    expect(roomy.overflowed).toBe(false);
  });
});
