/**
 * `--config FILE --server NAME` on the built command: `call` and `check` run the demo server as
 * the file describes it (its env reaches the server), the app starts with it as the server to
 * connect to at start, and a file or name that cannot be used is exit 2 with where and why.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BridgeClient, demoServerJs } from '../testing/bridgeClient.js';
import { binJs, runLens as lens, STACK_TRACE } from '../testing/runCli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

// The demo's variant switch, set through the file's env: an answer of "Echoed:" proves the env arrived.
const config = file(
  'claude_desktop_config.json',
  `{
  "mcpServers": {
    "demo": {
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(demoServerJs)}],
      "env": { "MCP_LENS_DEMO_VARIANT": "changed", "DEMO_API_TOKEN": "tok-0123456789" }
    },
    "remote": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer abc" } },
    "placeholder": { "command": "node", "args": ["\${workspaceFolder}/server.js"] }
  }
}
`,
);
const echo = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi'];

describe('mcp-lens call and check --config FILE --server NAME', () => {
  it('call runs the named server with the env the file gives it, in the flow asked', async () => {
    for (const flow of ['handshake', 'stateless']) {
      const run = await lens(['call', '--flow', flow, ...echo, '--config', config, '--server', 'demo']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).content[0].text).toBe('Echoed: hi');
    }
  });

  it('check runs it too', async () => {
    const run = await lens(['check', '--config', config, '--server', 'demo']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('lint:');
  });

  it('without --server, or with a name not in the file, lists the names (exit 2)', async () => {
    const missing = await lens(['call', ...echo, '--config', config]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `mcp-lens call: --config ${config} needs --server NAME; the file lists: demo, remote (remote: https://mcp.example.com/mcp), placeholder`,
    );
    const unknown = await lens(['check', '--config', config, '--server', 'Demo']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`${config} has no server "Demo" (did you mean "demo"?); it lists: demo, remote`);
  });

  it('a file that cannot be read as one is named by line and column (exit 2, no stack trace)', async () => {
    const broken = file('broken.json', '{\n  "mcpServers": {\n    "a": { "command": "node", "args": "x.js" }\n    "b": {}\n  }\n}\n');
    const run = await lens(['call', ...echo, '--config', broken, '--server', 'a']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`mcp-lens call: ${broken}: line 4, column 5: '"' where ',' or '}' should be`);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    const badEntry = file('bad-entry.json', '{\n  "mcpServers": {\n    "a": { "command": "node", "args": "x.js" }\n  }\n}\n');
    const entry = await lens(['check', '--config', badEntry, '--server', 'a']);
    expect(entry.code).toBe(2);
    expect(entry.stderr).toContain(`${badEntry}: line 3, column 31: mcpServers.a.args: must be an array of strings`);
    const none = await lens(['call', ...echo, '--config', path.join(dir, 'absent.json'), '--server', 'a']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no such file');
  });

  it('reaches a remote entry over HTTP with its headers, and says what it leaves as written', async () => {
    // Nothing answers at mcp.example.com here: the call says it could not reach it, within the timeout.
    const remote = await lens(['call', ...echo, '--flow', 'handshake', '--http-timeout', '1000', '--config', config, '--server', 'remote']);
    expect(remote.code).toBe(3);
    expect(remote.stderr).toMatch(/initialize got no answer over HTTP: (could not reach https:\/\/mcp\.example\.com\/mcp|no response)/);
    expect(remote.stderr).not.toContain('Bearer abc');
    const both = await lens(['call', ...echo, '--config', config, '--server', 'demo', '--', 'node', 'x.js']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    // The placeholder is named before the server (node on a missing file) fails.
    const placeholder = await lens(['call', ...echo, '--config', config, '--server', 'placeholder']);
    expect(placeholder.stderr).toContain('mcp-lens call: note: "placeholder": args[0] holds ${workspaceFolder}');
  });
});

describe('mcp-lens --config FILE --server NAME (the app)', () => {
  /** Runs `mcp-lens ARGS --port 0 --no-open` until `use` is done with its address. */
  async function serving(args: string[], use: (match: RegExpExecArray) => Promise<void>): Promise<void> {
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const child = spawn(process.execPath, [binJs, ...args, '--port', '0', '--no-open'], {
      env: { ...process.env, MCP_LENS_HOME: home, MCP_LENS_TOKEN: '', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let out = '';
      const match = await new Promise<RegExpExecArray>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const m = /running at http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)(\S*)/.exec(out);
          if (m) resolve(m);
        });
        child.once('exit', () => reject(new Error(`the bin exited: ${out}`)));
      });
      await use(match);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  }

  it('starts with the named server to connect to at start (its env to the full socket, masked to a follower)', async () => {
    await serving(['--config', config, '--server', 'demo', '--flow', 'stateless'], async (match) => {
      expect(match[3]).toBe('&connect=stateless');
      const presenter = await BridgeClient.connect({ port: Number(match[1]), token: match[2] ?? '' });
      expect(presenter.welcome.defaultRemote).toBeUndefined();
      expect(presenter.welcome.defaultServer).toMatchObject({
        command: process.execPath,
        args: [demoServerJs],
        env: { MCP_LENS_DEMO_VARIANT: 'changed', DEMO_API_TOKEN: 'tok-0123456789' },
        secrets: ['tok-0123456789'],
        label: 'demo',
      });
      const follower = await BridgeClient.connect({ port: Number(match[1]), token: presenter.welcome.followerToken ?? '' });
      expect(follower.welcome.defaultServer.env).toEqual({ MCP_LENS_DEMO_VARIANT: '[redacted]', DEMO_API_TOKEN: '[redacted]' });
      expect(JSON.stringify(follower.welcome)).not.toContain('tok-0123456789');
      presenter.ws.close();
      follower.ws.close();
    });
  });

  it('starts with a remote entry in the form (its token to the full socket, masked to a follower), the demo server still beside it', async () => {
    await serving(['--config', config, '--server', 'remote'], async (match) => {
      expect(match[3]).toBe('&connect=auto');
      const presenter = await BridgeClient.connect({ port: Number(match[1]), token: match[2] ?? '' });
      expect(presenter.welcome.defaultRemote).toMatchObject({
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer abc' },
        label: 'remote',
      });
      expect(presenter.welcome.defaultServer).toMatchObject({ command: process.execPath, args: [demoServerJs] });
      const follower = await BridgeClient.connect({ port: Number(match[1]), token: presenter.welcome.followerToken ?? '' });
      expect(follower.welcome.defaultRemote?.headers).toEqual({ Authorization: 'Bearer [redacted]' });
      expect(JSON.stringify(follower.welcome)).not.toContain('Bearer abc');
      presenter.ws.close();
      follower.ws.close();
    });
  });

  it('a bad file or a missing name stops it before it serves (exit 2)', async () => {
    const run = await lens(['--config', config, '--no-open', '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`mcp-lens: --config ${config} needs --server NAME; the file lists: demo, remote`);
    expect(run.stdout).not.toContain('running at');
    const flow = await lens(['--flow', 'sideways', '--no-open', '--port', '0']);
    expect(flow.code).toBe(2);
    expect(flow.stderr).toContain('--flow must be handshake, stateless or auto');
  });
});
