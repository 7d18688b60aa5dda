import { describe, expect, it } from 'vitest';
import { blankJsonComments } from '../jsonc.js';
import { installTap, uninstallTap } from './tapInstallEdit.js';

const WORDS: [string, string] = ['/opt/node/bin/node', '/opt/mcp-lens/dist/node/bridge/bin.js'];

type Json = Record<string, unknown>;
const parse = (text: string): Json => JSON.parse(blankJsonComments(text.replace(/^\ufeff/, ' '))) as Json;
const at = (value: unknown, path: readonly string[]): Json => path.reduce<unknown>((v, key) => (v as Json)[key], value) as Json;

/**
 * Installs, checks that only the entry's command and args changed (to run the tap in front of
 * the original command), uninstalls, and checks the original bytes are back. Returns the tapped text.
 */
function roundTrip(text: string, name: string, path: readonly string[]): string {
  const installed = installTap(text, name, WORDS);
  if (!installed.ok) throw new Error(installed.message);
  const before = parse(text);
  const after = parse(installed.text);
  const entry = at(before, path);
  const tapped = at(after, path);
  expect(tapped.command).toBe(WORDS[0]);
  expect(tapped.args).toEqual([WORDS[1], 'tap', '--', entry.command, ...((entry.args as string[] | undefined) ?? [])]);
  // Nothing else in the entry, nor in the file, changed.
  const { command: _c, args: _a, ...rest } = tapped;
  const { command: _c0, args: _a0, ...rest0 } = entry;
  expect(rest).toEqual(rest0);
  at(after, path.slice(0, -1))[path.at(-1) ?? ''] = entry;
  expect(after).toEqual(before);
  const undone = uninstallTap(installed.text, name);
  if (!undone.ok) throw new Error(undone.message);
  expect(undone.text).toBe(text);
  return installed.text;
}

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
      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
      "env": {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_abcdefghijklmnop123456"
      }
    }
  },
  "globalShortcut": ""
}
`;

const VSCODE_MCP = `{
  // Prompted for on the first start of a server that names it
  "inputs": [
    {
      "type": "promptString",
      "id": "api-key",
      "description": "API key",
      "password": true,
    },
  ],
  "servers": {
    "perplexity": {
      "type": "stdio",
      "command": "npx", // from npm
      "args": ["-y", "server-perplexity-ask", /* the last one */],
      "env": {
        "PERPLEXITY_API_KEY": "\${input:api-key}",
      },
    },
    /* a remote one */
    "remote": {
      "type": "http",
      "url": "https://api.example.com/mcp?tenant=acme",
      "headers": { "Authorization": "Bearer \${input:api-key}" },
    },
  },
}
`;

describe('installTap and uninstallTap', () => {
  it('put a Claude Desktop entry through the tap, its multi-line args on lines of their own, and back byte for byte', () => {
    const tapped = roundTrip(CLAUDE_DESKTOP, 'filesystem', ['mcpServers', 'filesystem']);
    expect(tapped).toBe(
      CLAUDE_DESKTOP.replace(
        `"command": "npx",
      "args": [
        "-y",`,
        `"command": "/opt/node/bin/node",
      "args": [
        "/opt/mcp-lens/dist/node/bridge/bin.js",
        "tap",
        "--",
        "npx",
        "-y",`,
      ),
    );
    const oneLine = roundTrip(CLAUDE_DESKTOP, 'github', ['mcpServers', 'github']);
    expect(oneLine).toContain(
      `"args": ["/opt/mcp-lens/dist/node/bridge/bin.js", "tap", "--", "docker", "run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],`,
    );
  });

  it("keep a VS Code mcp.json's comments, trailing commas, inputs and type", () => {
    const tapped = roundTrip(VSCODE_MCP, 'perplexity', ['servers', 'perplexity']);
    expect(tapped).toContain(`"command": "/opt/node/bin/node", // from npm`);
    expect(tapped).toContain(
      `"args": ["/opt/mcp-lens/dist/node/bridge/bin.js", "tap", "--", "npx", "-y", "server-perplexity-ask", /* the last one */],`,
    );
  });

  it("edit VS Code settings.json's mcp.servers, tab-indented, among other settings", () => {
    const settings = `{\n\t"editor.fontSize": 14,\n\t"mcp": {\n\t\t"servers": {\n\t\t\t"time": {\n\t\t\t\t"command": "uvx",\n\t\t\t\t"args": [\n\t\t\t\t\t"mcp-server-time"\n\t\t\t\t]\n\t\t\t}\n\t\t}\n\t},\n\t"files.autoSave": "off"\n}\n`;
    const tapped = roundTrip(settings, 'time', ['mcp', 'servers', 'time']);
    expect(tapped).toContain(
      `"args": [\n\t\t\t\t\t"/opt/mcp-lens/dist/node/bridge/bin.js",\n\t\t\t\t\t"tap",\n\t\t\t\t\t"--",\n\t\t\t\t\t"uvx",\n\t\t\t\t\t"mcp-server-time"\n`,
    );
  });

  it('give an entry without args an args member spaced as its own members, and take exactly that away again', () => {
    const text = `{\n  "mcpServers": {\n    "bin": {\n      "command": "/usr/local/bin/my-server",\n      "env": { "DEBUG": "1" }\n    },\n    "inline": { "command": "srv" }\n  }\n}`;
    const tapped = roundTrip(text, 'bin', ['mcpServers', 'bin']);
    expect(tapped).toContain(
      `"command": "/opt/node/bin/node",\n      "args": ["/opt/mcp-lens/dist/node/bridge/bin.js", "tap", "--", "/usr/local/bin/my-server"],\n      "env"`,
    );
    expect(roundTrip(text, 'inline', ['mcpServers', 'inline'])).toContain(
      `"inline": { "command": "/opt/node/bin/node", "args": ["/opt/mcp-lens/dist/node/bridge/bin.js", "tap", "--", "srv"] }`,
    );
  });

  it('keep a comment after a command that had no args, and args written before the command', () => {
    const text = `{\n  "mcpServers": {\n    "a": {\n      "command": "srv" // the server\n    },\n    "b": {\n      "args": ["x"],\n      "command": "srv"\n    }\n  }\n}\n`;
    expect(roundTrip(text, 'a', ['mcpServers', 'a'])).toContain(
      `"command": "/opt/node/bin/node",\n      "args": ["/opt/mcp-lens/dist/node/bridge/bin.js", "tap", "--", "srv"] // the server\n`,
    );
    roundTrip(text, 'b', ['mcpServers', 'b']);
  });

  it('tell an empty args array from none: [] and [ ] come back as they were', () => {
    for (const args of ['[]', '[ ]', '[\n      ]']) {
      const text = `{ "mcpServers": { "a": { "command": "srv", "args": ${args} } } }`;
      roundTrip(text, 'a', ['mcpServers', 'a']);
    }
    const none = `{ "mcpServers": { "a": { "command": "srv" } } }`;
    roundTrip(none, 'a', ['mcpServers', 'a']);
  });

  it('keep CRLF line endings and a byte order mark', () => {
    const text = `\ufeff${CLAUDE_DESKTOP.replaceAll('\n', '\r\n')}`;
    const tapped = roundTrip(text, 'filesystem', ['mcpServers', 'filesystem']);
    expect(tapped.startsWith('\ufeff')).toBe(true);
    expect(tapped.replaceAll('\r\n', '')).not.toContain('\n');
    const noArgs = `{\r\n  "mcpServers": {\r\n    "x": {\r\n      // the server\r\n      "command": "srv"\r\n    }\r\n  }\r\n}\r\n`;
    expect(roundTrip(noArgs, 'x', ['mcpServers', 'x'])).toContain(`"command": "/opt/node/bin/node",\r\n      "args": [`);
  });

  it('copy the command as written (escapes kept) and escape the words', () => {
    const text = `{"mcpServers":{"win":{"command":"C:\\\\Program Files\\\\srv.exe","args":["--dir","C:\\u005cdata"]}}}`;
    const installed = installTap(text, 'win', ['C:\\node\\node.exe', 'C:\\lens\\bin.js']);
    expect(installed.ok && installed.text).toBe(
      `{"mcpServers":{"win":{"command":"C:\\\\node\\\\node.exe","args":["C:\\\\lens\\\\bin.js", "tap", "--", "C:\\\\Program Files\\\\srv.exe", "--dir","C:\\u005cdata"]}}}`,
    );
    roundTrip(text, 'win', ['mcpServers', 'win']);
  });

  it('uninstall to the original bytes after other entries were edited', () => {
    const installed = installTap(VSCODE_MCP, 'perplexity', WORDS);
    if (!installed.ok) throw new Error(installed.message);
    const edited = installed.text.replace('"https://api.example.com/mcp?tenant=acme"', '"https://api.example.com/mcp?tenant=other"');
    const undone = uninstallTap(edited, 'perplexity');
    expect(undone.ok && undone.text).toBe(VSCODE_MCP.replace('tenant=acme', 'tenant=other'));
  });

  it("reach Claude Code's per-project servers in ~/.claude.json when the name is not at the top level", () => {
    const text = `{\n  "numStartups": 3,\n  "mcpServers": { "top": { "command": "a" } },\n  "projects": {\n    "/home/me/app": {\n      "allowedTools": [],\n      "mcpServers": {\n        "db": { "type": "stdio", "command": "node", "args": ["db.js"], "env": {} }\n      }\n    }\n  }\n}\n`;
    roundTrip(text, 'db', ['projects', '/home/me/app', 'mcpServers', 'db']);
    const installed = installTap(text, 'db', WORDS);
    expect(installed.ok && installed.where).toBe('projects["/home/me/app"].mcpServers.db');
  });

  it('refuse an entry that goes through the tap already, and uninstall one that does not', () => {
    const installed = installTap(CLAUDE_DESKTOP, 'github', WORDS);
    if (!installed.ok) throw new Error(installed.message);
    expect(installTap(installed.text, 'github', WORDS)).toEqual({
      ok: false,
      reason: 'tapped',
      message: 'mcpServers.github goes through the tap already; --uninstall puts it back',
    });
    expect(uninstallTap(CLAUDE_DESKTOP, 'github')).toMatchObject({ ok: false, reason: 'not-tapped' });
    // Put through the tap by hand, as the README shows for a global install: undone all the same.
    const byHand = `{"mcpServers": {"x": {"command": "mcp-lens", "args": ["tap", "--", "npx", "-y", "pkg"]}}}`;
    expect(installTap(byHand, 'x', WORDS)).toMatchObject({ ok: false, reason: 'tapped' });
    const undone = uninstallTap(byHand, 'x');
    expect(undone.ok && undone.text).toBe(`{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg"]}}}`);
    const viaNpx = `{"mcpServers": {"x": {"command": "npx", "args": ["-y", "mcp-lens", "tap", "--", "uvx", "t"]}}}`;
    const undoneNpx = uninstallTap(viaNpx, 'x');
    expect(undoneNpx.ok && undoneNpx.text).toBe(`{"mcpServers": {"x": {"command": "uvx", "args": ["t"]}}}`);
  });

  it('name the servers the file lists when the one asked for is not there', () => {
    expect(installTap(CLAUDE_DESKTOP, 'Github', WORDS)).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'no server "Github" in this file; it lists: filesystem, github',
    });
    expect(installTap('{"theme": "dark"}', 'x', WORDS)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(installTap('{"mcpServers": {"x": {"command": "a",}', 'x', WORDS)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(/^line 1, column \d+: /) as unknown,
    });
  });

  it('point a remote entry at the proxy only with --listen, carrying the original URL back on uninstall', () => {
    expect(installTap(VSCODE_MCP, 'remote', WORDS)).toMatchObject({
      ok: false,
      reason: 'needs-listen',
      message: expect.stringContaining(
        'servers.remote is a remote server (https://api.example.com/mcp?tenant=acme): give --listen HOST:PORT',
      ) as unknown,
    });
    const installed = installTap(VSCODE_MCP, 'remote', WORDS, { host: '127.0.0.1', port: 8931 });
    if (!installed.ok) throw new Error(installed.message);
    expect(installed.remote).toEqual({ url: 'https://api.example.com/mcp?tenant=acme', listen: '127.0.0.1:8931' });
    expect(installed.text).toBe(
      VSCODE_MCP.replace(
        '"https://api.example.com/mcp?tenant=acme"',
        '"http://127.0.0.1:8931/mcp?tenant=acme#mcp-lens-tap=https%3A%2F%2Fapi.example.com%2Fmcp%3Ftenant%3Dacme"',
      ),
    );
    expect(installTap(installed.text, 'remote', WORDS, { host: '::1', port: 9000 })).toMatchObject({ ok: false, reason: 'tapped' });
    const undone = uninstallTap(installed.text, 'remote');
    expect(undone.ok && undone.text).toBe(VSCODE_MCP);
    const v6 = installTap(VSCODE_MCP, 'remote', WORDS, { host: '::1', port: 9000 });
    expect(v6.ok && v6.remote?.listen).toBe('[::1]:9000');
  });

  it('list the secrets of the entry for whoever prints the change', () => {
    const installed = installTap(CLAUDE_DESKTOP, 'github', WORDS);
    expect(installed.ok && installed.secrets).toContain('ghp_abcdefghijklmnop123456');
  });
});
