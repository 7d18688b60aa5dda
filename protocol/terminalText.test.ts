import { describe, expect, it } from 'vitest';
import { terminalLine, terminalText } from './terminalText.js';

describe('terminalText', () => {
  it('shows OSC 52, OSC 8, clear screen, CSI, carriage return and bidi overrides as escapes', () => {
    const hostile =
      '\u001b]52;c;ZXZpbA==\u0007 \u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\ \u001b[2J\u001bc \u009b31m \r \u202e \u007f';
    const shown = terminalText(hostile);
    expect(shown).toBe(
      '\\u001b]52;c;ZXZpbA==\\u0007 \\u001b]8;;http://x\\u001b\\link\\u001b]8;;\\u001b\\ \\u001b[2J\\u001bc \\u009b31m \\u000d \\u202e \\u007f',
    );
    // eslint-disable-next-line no-control-regex -- control characters are what the output is searched for
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('keeps line feeds, tabs and every other character; terminalLine shows line feeds too', () => {
    expect(terminalText('a\tb\nc é 😀 ✓')).toBe('a\tb\nc é 😀 ✓');
    expect(terminalLine('one\nlint: no findings')).toBe('one\\u000alint: no findings');
  });

  it('JSON printed this way is the same JSON', () => {
    const value = { text: '\u009b\u007f\u2028\u202e', n: 1 };
    expect(JSON.parse(terminalText(JSON.stringify(value)))).toEqual(value);
  });
});
