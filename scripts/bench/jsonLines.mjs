/**
 * How the benchmarks read what a server or a bridge prints: line by line, and the JSON-RPC
 * answers among the lines handed to whoever waits for their id.
 */

/** Calls onLine(text, byteLength) for every "\n"-terminated line of a readable byte stream. */
export function readLines(stream, onLine) {
  let rest = null;
  stream.on('data', (chunk) => {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(0x0a, start);
      if (nl === -1) break;
      onLine(buf.toString('utf8', start, nl), nl - start);
      start = nl + 1;
    }
    rest = start < buf.length ? buf.subarray(start) : null;
  });
}

/** Routes parsed JSON-RPC answers to whoever waits for their id. */
export function answerRouter() {
  const waiting = new Map();
  return {
    expect: (id) => new Promise((resolve) => waiting.set(id, resolve)),
    onText(text) {
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      const resolve = waiting.get(message?.id);
      if (resolve && ('result' in message || 'error' in message)) {
        waiting.delete(message.id);
        resolve(message);
      }
    },
  };
}
