// `npm run dev`: the bridge (API and socket only) plus Vite with hot reload, proxying /ws.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bridgePort = Number(process.env.MCP_LENS_BRIDGE_PORT ?? 6281);
const vitePort = Number(process.env.PORT ?? 5173);

// The node side is compiled once; restart `npm run dev` after changing bridge/ or demo/.
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { createBridge } = await import(pathToFileURL(path.join(root, 'dist', 'node', 'bridge', 'createBridge.js')).href);
const { demoServerPath } = await import(pathToFileURL(path.join(root, 'dist', 'node', 'bridge', 'main.js')).href);
const args = process.argv.slice(2).filter((a) => a !== '--');
const bridge = await createBridge({
  port: bridgePort,
  token: process.env.MCP_LENS_TOKEN,
  extraOrigins: [`http://127.0.0.1:${vitePort}`, `http://localhost:${vitePort}`],
  defaultServer:
    args.length > 0
      ? { command: args[0], args: args.slice(1) }
      : { command: process.execPath, args: [demoServerPath()], label: 'MCP Lens demo server' },
}).listen();

const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', String(vitePort), '--strictPort', '--host', '127.0.0.1'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MCP_LENS_BRIDGE_PORT: String(bridge.port) },
  },
);
process.stdout.write(`MCP Lens (dev) at http://127.0.0.1:${vitePort}/#token=${bridge.token}\n`);
const stop = async () => {
  vite.kill('SIGTERM');
  await bridge.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('exit', () => bridge.killAllSync());
