// A tapped session is an ordinary session: the journal a tap wrote (no bridge running) is replayed
// against the server with `mcp-lens replay` and answered from by `mcp-lens mock`, as is.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bridgeBinJs, demoServerJs, fixturePath, repoRoot } from '../testing/bridgeClient.js';

describe('a tap journal', () => {
  it('replays against the server and serves as a mock', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tap-'));
    try {
      const printed = execFileSync(
        process.execPath,
        [fixturePath('sdk-host.mjs'), '--odd-level', '--', process.execPath, bridgeBinJs, 'tap', '--', process.execPath, demoServerJs],
        { cwd: repoRoot, env: { ...process.env, MCP_LENS_HOME: home }, input: '', encoding: 'utf8' },
      );
      expect(printed).toContain('hello through the pipe, legacy');
      const [journal] = fs.readdirSync(path.join(home, 'journal')).filter((name) => name.startsWith('tap-'));
      if (journal === undefined) throw new Error('the tap journaled nothing');
      const file = path.join(home, 'journal', journal);

      const replay = spawnSync(process.execPath, [bridgeBinJs, 'replay', file, '--', process.execPath, demoServerJs], { encoding: 'utf8' });
      expect(replay.stdout + replay.stderr).toContain('4 exchanges: 4 match, 0 differ');
      expect(replay.status).toBe(0);

      const lines = [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      ];
      const mock = spawnSync(process.execPath, [bridgeBinJs, 'mock', file], { input: `${lines.join('\n')}\n`, encoding: 'utf8' });
      const answers = mock.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: number; result: Record<string, unknown> });
      expect(answers.map((a) => a.id)).toEqual([1, 2]);
      expect(JSON.stringify(answers[1]?.result)).toContain('"name":"echo"');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
