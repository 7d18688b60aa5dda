// The house plan, checked: no module reaches itself through its imports, and no feature folder
// of the app imports the app shell (the shell composes features, never the other way round).
// Type-only imports count too: a circle of types still ties two files into one unit to read.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const roots = ['protocol', 'bridge', 'web/src', 'demo', 'scripts'];
const skipped = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** The repo files a module imports (relative specifiers only: packages cannot close a circle here). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  const specifiers = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(specifiers)) {
    const spec = match[1] ?? match[2];
    if (spec === undefined) continue;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '');
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    if (target !== undefined) found.push(target);
  }
  return found;
}

function graph(): Map<string, string[]> {
  const files = roots.flatMap((dir) => sourceFiles(dir));
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, known)]));
}

/** Every strongly connected group of more than one file (Tarjan), each sorted, as text. */
function circles(edges: Map<string, string[]>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort().join(' <-> '));
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort();
}

describe('the import graph', () => {
  const edges = graph();

  it('has no circle', () => {
    expect(circles(edges)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const made = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(made)).toEqual(['a.ts <-> b.ts <-> c.ts']);
  });

  it('keeps features from importing the app shell', () => {
    const reaching = [...edges].flatMap(([file, targets]) =>
      file.startsWith('web/src/features/') ? targets.filter((t) => t.startsWith('web/src/app/')).map((t) => `${file} -> ${t}`) : [],
    );
    expect(reaching).toEqual([]);
  });
});
