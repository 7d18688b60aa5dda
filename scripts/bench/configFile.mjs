// An mcpServers config file of `mib` MiB (many entries, each with args and env, as a generated
// or long-grown file has): how long readServersFile takes on it as a multiple of JSON.parse of
// the same text. Every problem and entry is told by line and column; finding those must stay
// linear in the file's size, so the ratio holds as the file grows.

/** The text of a config file of about `bytes` characters, its entries numbered. */
export function configText(bytes) {
  const entries = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const entry = `    "server-${i}": {\n      "command": "node",\n      "args": ["server.js", "--port", "${i}"],\n      "env": { "DEBUG": "1" }\n    }`;
    entries.push(entry);
    size += entry.length + 2;
  }
  return `{\n  // generated\n  "mcpServers": {\n${entries.join(',\n')}\n  }\n}\n`;
}

/** One round: [readServersFile ms, JSON.parse ms, entries read]. */
export function configRound(readServersFile, text) {
  let t = performance.now();
  const read = readServersFile(text);
  const readMs = performance.now() - t;
  t = performance.now();
  JSON.parse(text.replace('// generated', ''));
  const parseMs = performance.now() - t;
  if (!read.ok) throw new Error(`the generated config did not read: ${JSON.stringify(read.problems[0])}`);
  return { readMs, parseMs, servers: read.servers.length };
}
