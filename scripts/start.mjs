// `npm start`: build what is missing, then run the bridge serving the app, in this process
// (so Ctrl-C reaches the bridge directly and it can stop every child before exiting).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleOutputs } from './buildState.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outputs = staleOutputs(root);
if (outputs.node || outputs.web) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// npm runs scripts from the package root; relative paths the user typed (a server, a session
// file, a tour) mean where the command was typed, which npm passes as INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const { runCli } = await import(pathToFileURL(path.join(root, 'dist', 'node', 'bridge', 'main.js')).href);
// Stops with npm: a SIGTERM to npm ends npm and its shell, not this process.
process.exitCode = await runCli(process.argv.slice(2), { stopWithParent: true });
