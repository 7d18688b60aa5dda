// The floor of any stdio tap, for benchmark 10: a Node process between a host and its server
// that passes stdin and stdout on, chunk by chunk, and records nothing. What the tap costs over
// this is its own work; what this costs over a direct pipe is the extra process in the path.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (chunk) => child.stdin.write(chunk));
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => undefined);
child.stdout.on('data', (chunk) => process.stdout.write(chunk));
child.on('close', (code) => process.exit(code ?? 1));
