/**
 * Where every headless command writes: stdout and stderr with terminalText applied to all that
 * passes, so no server's text (a wire line in --transcript, a lint finding, a result, an error
 * message, a name in a file) reaches the terminal with a control character in it.
 */
import { Writable } from 'node:stream';
import { terminalText } from '../../protocol/terminalText.js';

export function terminalSafe(target: NodeJS.WritableStream): NodeJS.WritableStream {
  return new Writable({
    decodeStrings: false,
    write(chunk: unknown, _encoding, done) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      // Written through at once (the callback is synchronous too): nothing is held back when the command exits.
      target.write(terminalText(text));
      done();
    },
  });
}

export const stdout = terminalSafe(process.stdout);
export const stderr = terminalSafe(process.stderr);
