/**
 * What a tour's server runs, told before it runs: a tour travels from trainer to learner, and
 * its `server: {command, args, env}` is a program started on the learner's machine. The page
 * asks before the first launch, and `mcp-lens tour check` and `--tour` print it, each from this.
 * Env values are never shown (a trainer's key may sit there); their names are.
 */
import type { TourServer } from './format.js';

/** A program of the tour's own, as shown: every string quoted, so none can pass for another. */
export interface TourProgram {
  command: string;
  args: string[];
  envNames: string[];
}

/** The program a tour runs; undefined for the built-in demo server, which needs no asking. */
export function tourProgram(server: TourServer): TourProgram | undefined {
  if (!('command' in server)) return undefined;
  return {
    command: quoted(server.command),
    args: server.args.map(quoted),
    envNames: Object.keys(server.env).map((name) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : quoted(name))),
  };
}

// Characters that would move, hide or recolour what follows them, on a terminal or in the page:
// controls (C0, DEL, C1), bidirectional overrides and isolates, line and paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are what this escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A string as a JSON literal, with every character that could disguise it escaped. */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The lines `tour check` and `--tour` print about the server, `cwd` being where it would run. */
export function tourServerLines(server: TourServer, cwd: string): string[] {
  const program = tourProgram(server);
  if (program === undefined) return ['server: the built-in demo server'];
  return [
    "server: a program of the tour's, started when a step first talks to it:",
    `  command: ${program.command}`,
    `  args: ${program.args.length === 0 ? '(none)' : program.args.join(' ')}`,
    `  env: ${program.envNames.length === 0 ? '(none)' : `${program.envNames.join(', ')} (values not shown)`}`,
    `  working directory: ${quoted(cwd)}`,
  ];
}
