/**
 * The words that run this bridge's own CLI from a shell, for the app's "Copy as CLI": `mcp-lens`
 * when that name on the PATH is this very program (a global install), else `node` (or this
 * Node's full path, when `node` on the PATH is another one) and the absolute path of bin.js. From
 * a clone no `mcp-lens` is on the PATH, and a copied `mcp-lens call …` would end in "command not
 * found".
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function cliWords(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  // From bridge/ or from a bundle's chunk beside it (dist/node/chunks): the same file.
  const bin = fileURLToPath(new URL('../bridge/bin.js', import.meta.url));
  const real = realpath(bin);
  // Run from source (the dev server): there is no built CLI to name.
  if (real === undefined) return undefined;
  if (realpath(onPath('mcp-lens', env) ?? '') === real) return ['mcp-lens'];
  const node = realpath(onPath('node', env) ?? '') === realpath(process.execPath) ? 'node' : process.execPath;
  return [node, bin];
}

/**
 * The words that run this CLI from a host's config file (`mcp-lens tap --install`): always this
 * Node's absolute path and bin.js's. A host such as Claude Desktop starts servers with a minimal
 * PATH, where neither `node` nor a global `mcp-lens` may be found, and a global `mcp-lens` is a
 * script whose `#!/usr/bin/env node` looks node up on that PATH too. Undefined when run from
 * source: there is no built CLI to name.
 */
export function absoluteCliWords(): [string, string] | undefined {
  const bin = fileURLToPath(new URL('../bridge/bin.js', import.meta.url));
  return realpath(bin) === undefined ? undefined : [process.execPath, bin];
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

function realpath(file: string): string | undefined {
  try {
    return file === '' ? undefined : fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
