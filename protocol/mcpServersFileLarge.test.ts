import { describe, expect, it } from 'vitest';
import { formatConfigProblem, readServersFile } from './mcpServersFile.js';

// A large config is read with every entry and problem placed by line and column; how long it
// takes, against JSON.parse of the same text, is a figure of `npm run bench` (config).
describe('readServersFile: a large file', () => {
  it('places entries and problems deep into a file of 20,000 entries', () => {
    const entries: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const args = i === 15_000 ? '"server.js"' : `["server.js", "${i}"]`;
      entries.push(`    "s${i}": {\n      "command": "node",\n      "args": ${args}\n    }`);
    }
    const text = `{\n  "mcpServers": {\n${entries.join(',\n')}\n  }\n}\n`;
    const read = readServersFile(text);
    if (!read.ok) throw new Error('the file as a whole is fine');
    expect(read.servers).toHaveLength(19_999);
    // Entry i starts at line 3 + 4i; its args are two lines down, after `      "args": `.
    expect(read.servers.at(-1)).toMatchObject({ name: 's19999', line: 3 + 4 * 19_999, column: 5 });
    expect(read.servers[12_345]).toMatchObject({ name: 's12345', line: 3 + 4 * 12_345, column: 5 });
    expect(read.problems.map(formatConfigProblem)).toEqual([
      `line ${5 + 4 * 15_000}, column 7: mcpServers.s15000.args: must be an array of strings`,
    ]);
  });
});
