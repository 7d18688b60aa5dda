/**
 * Calls onLine(text, byteLength) for every "\n"-terminated line of a readable byte stream: how
 * the benchmarks read what a server or a bridge prints.
 */
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
