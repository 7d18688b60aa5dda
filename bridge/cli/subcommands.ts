/**
 * The words `mcp-lens` takes as a subcommand, and what it says of a first word that is none of
 * them. A bare first word has meant the server to run since the start (`mcp-lens node server.js`),
 * so a word that names a program on the PATH (or a path) keeps that meaning; any other is a
 * mistyped subcommand, and starting the app with it (or printing the general help as if asked)
 * hides the slip.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SUBCOMMANDS = ['call', 'check', 'view', 'replay', 'mock', 'tap', 'tour', 'conformance-client'] as const;

/** The message for a first word that is no subcommand, or undefined when it names a program to serve. */
export function unknownSubcommand(word: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (word === undefined || word.startsWith('-') || (SUBCOMMANDS as readonly string[]).includes(word)) return undefined;
  if (word.includes('/') || word.includes(path.sep) || isProgramOnPath(word, env)) return undefined;
  const near = nearestSubcommand(word);
  return [
    `mcp-lens: "${word}" is not a subcommand${near ? `: did you mean "${near}"?` : ''}`,
    `The subcommands: ${SUBCOMMANDS.join(', ')}; a server to run goes after -- (mcp-lens --help).`,
  ].join('\n');
}

/**
 * The subcommand a slip of the fingers most likely meant: within one edit (a letter wrong, missing,
 * added, or two swapped) of a word of four letters or fewer, two of a longer one.
 */
export function nearestSubcommand(word: string): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of SUBCOMMANDS) {
    const distance = editDistance(lower, name);
    if (distance <= (name.length <= 4 ? 1 : 2) && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Edits to turn a into b: insert, delete, replace, or swap two neighbours (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length);
}

function isProgramOnPath(word: string, env: NodeJS.ProcessEnv): boolean {
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    for (const ext of exts) {
      try {
        const file = path.join(dir, word + ext);
        if (fs.statSync(file).isFile()) {
          fs.accessSync(file, fs.constants.X_OK);
          return true;
        }
      } catch {
        // Not here: the next folder.
      }
    }
  }
  return false;
}
