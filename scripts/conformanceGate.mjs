// The suite starts every scenario's client at once (57 of them), which on 2 cores makes each
// answer take seconds and timing checks meaningless. scripts/conformance.mjs hands the suite this
// as the client command instead: it waits for one of a few slots from the runner's gate (a Unix
// socket), then runs the real client with the same arguments and stdio, and gives the slot back
// when the client ends (the socket closes with this process, however it ends). The client gets
// 150 s from the moment it starts, not from when it was queued (30 s, the suite's usual, killed a
// client on a loaded 2-core machine while the other npm test stages ran).
//   node conformanceGate.mjs <gate socket> <command> [args...]
import { spawn } from 'node:child_process';
import net from 'node:net';

const CLIENT_LIMIT_MS = 150_000;
const [socketPath, command, ...args] = process.argv.slice(2);
if (socketPath === undefined || command === undefined) {
  process.stderr.write('usage: conformanceGate.mjs <gate socket> <command> [args...]\n');
  process.exit(2);
}

// --quick: the runner names the scenarios it does not run; their clients end at once.
const notRun = JSON.parse(process.env.MCP_LENS_CONFORMANCE_NOT_RUN ?? '[]');
if (notRun.includes(process.env.MCP_CONFORMANCE_SCENARIO)) {
  process.stderr.write('conformance gate: not run (--quick)\n');
  process.exit(1);
}

// Which scenario this client is for: the runner runs the ones that time the client alone.
const gate = net.connect(socketPath, () => gate.write(`${process.env.MCP_CONFORMANCE_SCENARIO ?? ''}\n`));
gate.on('error', (error) => {
  process.stderr.write(`conformance gate: ${error.message}\n`);
  process.exit(3);
});
gate.once('data', () => {
  const child = spawn(command, args, { stdio: 'inherit' });
  const limit = setTimeout(() => {
    process.stderr.write(`conformance gate: the client ran past ${CLIENT_LIMIT_MS} ms; killed\n`);
    child.kill('SIGKILL');
  }, CLIENT_LIMIT_MS);
  child.on('error', (error) => {
    process.stderr.write(`conformance gate: could not start ${command}: ${error.message}\n`);
    process.exit(3);
  });
  child.on('exit', (code, signal) => {
    clearTimeout(limit);
    gate.destroy();
    process.exit(code ?? (signal ? 1 : 0));
  });
});
