// `npm start`: build what is missing, then run the bridge serving the app, in this process
// (so Ctrl-C reaches the bridge directly and it can stop every child before exiting).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleOutputs } from './buildState.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outputs = staleOutputs(root);
if (outputs.node || outputs.web) {
  // Emit without the type check: it roughly halved the compile's CPU on a first start, and the
  // types are checked where code changes (`npm run typecheck`, `npm test`).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-check'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// npm runs scripts from the package root; relative paths the user typed (a server, a session
// file, a tour) mean where the command was typed, which npm passes as INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const { runCli } = await import(pathToFileURL(path.join(root, 'dist', 'node', 'bridge', 'main.js')).href);
// Stops with npm: a SIGTERM to npm ends npm and its shell, not this process. A SIGKILL to npm
// ends npm alone, leaving its shell (this process's parent) waiting on us: npm is watched too.
const npm = process.env.npm_lifecycle_event === undefined ? undefined : parentOf(process.ppid);
process.exitCode = await runCli(process.argv.slice(2), { stopWithParent: true, ...(npm === undefined ? {} : { stopWith: [npm] }) });

/** The parent of process `pid`, if it can be told (and is not init, which adopts orphans). */
function parentOf(pid) {
  let text;
  try {
    // After the command's name, which may hold spaces and parentheses: state, then the parent.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    text = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } catch {
    const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
    text = ps.status === 0 ? ps.stdout.trim() : undefined;
  }
  const parent = Number(text);
  return Number.isSafeInteger(parent) && parent > 1 ? parent : undefined;
}
