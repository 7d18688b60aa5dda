// `mcp-lens call` against a server that answers with both result and error: the answer is
// reported as invalid at once (exit 1, with why), not waited on until the timeout.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const bin = path.join(root, 'dist', 'node', 'bridge', 'bin.js');
const server = ['node', path.join(root, 'e2e', 'fixtures', 'result-and-error.mjs')];

function call(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'call', ...args], { env: { ...process.env, MCP_LENS_TOKEN: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('mcp-lens call: an invalid answer', () => {
  it('exits 1 with what came and why it is invalid', async () => {
    const run = await call([
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'ambiguous',
      '--timeout',
      '20000',
      '--',
      ...server,
    ]);
    expect(run.stderr).toContain('not a valid JSON-RPC response: a response cannot carry both result and error');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { message: 'it went both ways' },
      result: { content: [{ text: 'a result as well' }] },
    });
  });
});
