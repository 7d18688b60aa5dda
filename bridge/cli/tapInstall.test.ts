// `mcp-lens tap --install` / `--uninstall` on real files, through the built bin: the change printed,
// a backup kept, the file's mode kept, words that run with no PATH at all (a host's minimal one),
// and the original bytes back after --uninstall.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blankJsonComments } from '../../protocol/jsonc.js';
import { binJs, runLens } from '../testing/runCli.js';
import { demoServerJs } from '../testing/bridgeClient.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-tap-install-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CLAUDE_DESKTOP = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/Users/me/Desktop"
      ]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_abcdefghijklmnop123456" }
    }
  }
}
`;

const VSCODE_MCP = `{
  "inputs": [
    { "type": "promptString", "id": "key", "description": "API key", "password": true },
  ],
  "servers": {
    // a stdio one
    "time": {
      "type": "stdio",
      "command": "uvx",
      "args": ["mcp-server-time", "--local-timezone=Europe/Paris",],
    },
    "remote": {
      "type": "http",
      "url": "https://api.example.com/mcp?tenant=acme",
    },
  },
}
`;

type Entry = { command: string; args: string[] };
const entryOf = (file: string, list: string, name: string): Entry =>
  (JSON.parse(blankJsonComments(fs.readFileSync(file, 'utf8'))) as Record<string, Record<string, Entry>>)[list]?.[name] as Entry;

/** Runs an entry's command and args as a host would, with no PATH at all. */
function runEntry(entry: Entry, extra: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(entry.command, [...entry.args.slice(0, entry.args.indexOf('tap') + 1), ...extra], { env: {} }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('mcp-lens tap --install / --uninstall', () => {
  it('puts a Claude Desktop entry through the tap with absolute words, keeps a backup and the mode, and puts it back byte for byte', async () => {
    const file = path.join(dir, 'claude_desktop_config.json');
    fs.writeFileSync(file, CLAUDE_DESKTOP, { mode: 0o600 });
    fs.chmodSync(file, 0o600);

    const dry = await runLens(['tap', '--install', file, '--server', 'filesystem', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`--dry-run: ${file} is not written.`);
    expect(fs.readFileSync(file, 'utf8')).toBe(CLAUDE_DESKTOP);

    const install = await runLens(['tap', '--install', file, '--server', 'filesystem']);
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    expect(install.stdout).toContain(
      [
        `--- ${file} (mcpServers.filesystem)`,
        `+++ ${file} (mcpServers.filesystem, through the tap)`,
        '@@ -4,2 +4,6 @@',
        '-      "command": "npx",',
        '-      "args": [',
        `+      "command": ${JSON.stringify(process.execPath)},`,
        '+      "args": [',
        `+        ${JSON.stringify(binJs)},`,
        '+        "tap",',
        '+        "--",',
        '+        "npx",',
      ].join('\n'),
    );
    expect(install.stdout).toContain(`Wrote ${file}; its previous version is in ${file}.mcp-lens-backup.`);
    expect(install.stdout).toContain('Restart the host');
    expect(fs.readFileSync(`${file}.mcp-lens-backup`, 'utf8')).toBe(CLAUDE_DESKTOP);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${file}.mcp-lens-backup`).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);

    const entry = entryOf(file, 'mcpServers', 'filesystem');
    expect(entry).toEqual({
      command: process.execPath,
      args: [binJs, 'tap', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'],
    });
    // The words run the tap with no PATH, as a host with a minimal one starts them.
    const help = await runEntry(entry, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: mcp-lens tap');

    const again = await runLens(['tap', '--install', file, '--server', 'filesystem']);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`mcp-lens tap: ${file}: mcpServers.filesystem goes through the tap already; --uninstall puts it back\n`);

    const missing = await runLens(['tap', '--install', file, '--server', 'gihtub']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no server "gihtub" in this file; it lists: filesystem, github');

    const uninstall = await runLens(['tap', '--uninstall', file, '--server', 'filesystem']);
    expect(uninstall.code).toBe(0);
    expect(uninstall.stdout).toContain(`+++ ${file} (mcpServers.filesystem, as before the tap)`);
    expect(fs.readFileSync(file, 'utf8')).toBe(CLAUDE_DESKTOP);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const listenStdio = await runLens(['tap', '--install', file, '--server', 'github', '--listen', '127.0.0.1:8931']);
    expect(listenStdio.code).toBe(2);
    expect(listenStdio.stderr).toContain(
      'mcpServers.github runs a command: --listen is for a remote entry (one with a url); nothing is changed',
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(CLAUDE_DESKTOP);

    const notTapped = await runLens(['tap', '--uninstall', file, '--server', 'github']);
    expect(notTapped.code).toBe(1);
    expect(notTapped.stderr).toContain('mcpServers.github does not go through the tap: nothing to put back');
  });

  it('puts a VS Code mcp.json stdio entry and a remote one (with --listen) through the tap, and back byte for byte', async () => {
    const file = path.join(dir, 'mcp.json');
    fs.writeFileSync(file, VSCODE_MCP);

    const stdio = await runLens(['tap', '--install', file, '--server', 'time']);
    expect(stdio.code).toBe(0);
    expect(stdio.stdout).toContain(
      `+      "args": [${JSON.stringify(binJs)}, "tap", "--", "uvx", "mcp-server-time", "--local-timezone=Europe/Paris",],`,
    );
    expect(entryOf(file, 'servers', 'time').args).toEqual([binJs, 'tap', '--', 'uvx', 'mcp-server-time', '--local-timezone=Europe/Paris']);

    const noListen = await runLens(['tap', '--install', file, '--server', 'remote']);
    expect(noListen.code).toBe(2);
    expect(noListen.stderr).toContain(
      'servers.remote is a remote server (https://api.example.com/mcp?tenant=acme): give --listen HOST:PORT',
    );

    const remote = await runLens(['tap', '--install', file, '--server', 'remote', '--listen', '127.0.0.1:8931']);
    expect(remote.code).toBe(0);
    expect(remote.stdout).toContain(
      '+      "url": "http://127.0.0.1:8931/mcp?tenant=acme#mcp-lens-tap=https%3A%2F%2Fapi.example.com%2Fmcp%3Ftenant%3Dacme",',
    );
    expect(remote.stdout).toContain(
      `  ${process.execPath} ${binJs} tap --url 'https://api.example.com/mcp?tenant=acme' --listen 127.0.0.1:8931\n`,
    );
    // The backup is of the version just before this write: the stdio entry already tapped.
    expect(fs.readFileSync(`${file}.mcp-lens-backup`, 'utf8')).toContain('"tap"');

    expect((await runLens(['tap', '--uninstall', file, '--server', 'remote'])).code).toBe(0);
    expect((await runLens(['tap', '--uninstall', file, '--server', 'time'])).code).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(VSCODE_MCP);
  });

  it('an installed entry runs its server through the tap: a host starting it gets its answers', async () => {
    const file = path.join(dir, 'demo.json');
    const original = `{ "mcpServers": { "demo": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(demoServerJs)}] } } }\n`;
    fs.writeFileSync(file, original);
    expect((await runLens(['tap', '--install', file, '--server', 'demo'])).code).toBe(0);
    const entry = entryOf(file, 'mcpServers', 'demo');
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const answer = spawnSync(entry.command, entry.args, {
      env: { MCP_LENS_HOME: home },
      input:
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"h","version":"1"}}}\n',
      encoding: 'utf8',
    });
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('"serverInfo":{"name":"mcp-lens-demo"');
    // And it was recorded: the tap's journal, since no bridge ran.
    expect(fs.readdirSync(path.join(home, 'journal')).filter((name) => name.startsWith('tap-'))).toHaveLength(1);
    expect((await runLens(['tap', '--uninstall', file, '--server', 'demo'])).code).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
  });

  it('says a missing file is one, with exit 2', async () => {
    const run = await runLens(['tap', '--install', path.join(dir, 'nope.json'), '--server', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nope.json: no such file');
  });
});
