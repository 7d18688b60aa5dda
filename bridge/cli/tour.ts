/**
 * A trainer's tour from the command line: `mcp-lens --tour FILE` checks it before anything
 * starts (a malformed tour is its problems, each with line and column, and exit 2), and
 * `mcp-lens tour check FILE` (or `--tour FILE --check`) does only that.
 */
import fs from 'node:fs';
import { readTour, MAX_TOUR_CHARS } from '../../protocol/tour/parse.js';
import type { Tour } from '../../protocol/tour/format.js';
import { tourServerLines } from '../../protocol/tour/server.js';
import { stderr, stdout } from './terminalOut.js';

export const TOUR_USAGE = `Usage: mcp-lens tour check <file>
       mcp-lens --tour <file> [options]      serve the app, starting on the Workshop tab with <file>

Checks a tour (JSON or YAML, docs/tours.md): exit 0 when the app can play it, else each
problem with its line and column on stderr and exit 2.
`;

export type TourFileCheck = { ok: true; tour: Tour } | { ok: false; error: string };

/** The tour in `file` when the app can play it, else why not (one line per problem, each naming the file as given). */
export function checkTourFile(file: string): TourFileCheck {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, error: `${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`}` };
  }
  if (stat.isDirectory()) return { ok: false, error: `${file}: is a folder, not a file` };
  if (stat.size > MAX_TOUR_CHARS * 4)
    return { ok: false, error: `${file}: is ${stat.size} bytes; a tour is at most ${MAX_TOUR_CHARS} characters` };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  const read = readTour(text, file);
  return read.ok ? { ok: true, tour: read.tour } : { ok: false, error: read.error };
}

/** One line on what a good tour holds. */
export function tourSummary(tour: Tour): string {
  const connections = Object.entries(tour.connections).map(([name, c]) => `${name} (${c.flow})`);
  return `"${tour.title}": ${tour.steps.length} step${tour.steps.length === 1 ? '' : 's'}, connections: ${connections.join(', ') || 'none'}`;
}

/**
 * What the tour's server runs, one line or several: a tour from someone else names a program
 * that would start on this machine, in this directory (the bridge's: `--tour` runs it here).
 */
export function tourServerText(tour: Tour): string {
  return tourServerLines(tour.server, process.cwd())
    .map((line) => `${line}\n`)
    .join('');
}

/** `mcp-lens tour …` */
export function runTour(argv: string[]): number {
  if (argv[0] === '-h' || argv[0] === '--help' || argv.length === 0) {
    (argv.length === 0 ? stderr : stdout).write(TOUR_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] !== 'check' || argv.length !== 2 || (argv[1] ?? '').startsWith('-')) {
    stderr.write(`mcp-lens tour: ${argv[0] === 'check' ? 'check takes one file' : `unknown command "${argv[0]}"`}\n\n${TOUR_USAGE}`);
    return 2;
  }
  return checkOnly(argv[1] as string);
}

/** Checks `file`: its summary on stdout and 0, or its problems on stderr and 2. */
export function checkOnly(file: string): number {
  const checked = checkTourFile(file);
  if (!checked.ok) {
    stderr.write(`${checked.error}\n`);
    return 2;
  }
  stdout.write(`${file}: ok, ${tourSummary(checked.tour)}\n${tourServerText(checked.tour)}`);
  return 0;
}
