// `--record` writes a session file: a secret the server was given and echoes back is masked in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoServerJs } from '../testing/bridgeClient.js';
import { runLens } from '../testing/runCli.js';

const SECRET = 'SEC-record-echo-4f81c2';

describe('mcp-lens call --record', { timeout: 120_000 }, () => {
  it('masks a credential argument of the server wherever the record holds it, its echo in a result too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-rec-secret-'));
    const file = path.join(dir, 'run.mcplens.json');
    try {
      const run = await runLens([
        'call',
        '--flow',
        'handshake',
        '--method',
        'tools/call',
        '--tool-name',
        'echo',
        '--tool-arg',
        `message=${SECRET}`,
        '--record',
        file,
        '--',
        process.execPath,
        demoServerJs,
        '--token',
        SECRET,
      ]);
      expect(run.code).toBe(0);
      // The server did echo it (the terminal shows what it said).
      expect(run.stdout).toContain(`Echo: ${SECRET}`);
      const record = fs.readFileSync(file, 'utf8');
      expect(record).toContain('Echo: [redacted]');
      expect(record).not.toContain(SECRET);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
