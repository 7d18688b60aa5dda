/**
 * `mcp-lens view FILE`: serves the app with a session file (or a bridge journal) opened in it,
 * read-only. The file is checked before anything starts, so a file the app would refuse is a
 * one-line reason and exit 2 here rather than a page that says so later. `--html OUT` writes
 * the self-contained HTML viewer of the file instead of serving anything.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openSessionText } from '../../protocol/sessionOpen.js';
import { buildSessionFile } from '../../protocol/sessionFile.js';
import { VERSION } from '../version.js';
import { stderr, stdout } from './terminalOut.js';

export const VIEW_USAGE = `Usage: mcp-lens view <file> [options]

Serves MCP Lens with <file> opened, read-only: a session file (*.mcplens.json, from an export
or \`mcp-lens call --record\`) or a bridge journal (*.jsonl). The file is checked first; one
the app could not open is refused with the reason (exit 2).

Options:
  --html <out>        write the self-contained HTML viewer of <file> to <out> and stop
  --port <n>          port to listen on (default $PORT or 6280; 0 picks a free one)
  --no-open           do not open a browser
  --home <dir>        where journals are kept (default $MCP_LENS_HOME or ~/.mcp-lens)
  --host <addr>       address to bind (default 127.0.0.1)
  -h, --help          this text
`;

/**
 * Past this a file is refused: the page reads it as one JavaScript string, which holds at most
 * about 512 M characters (web/src/features/journal/openFile.ts says the same).
 */
const MAX_VIEW_BYTES = 500 * 1024 * 1024;

export type ViewArgs =
  { kind: 'help' } | { kind: 'usage'; message: string } | { kind: 'view'; file: string; html?: string; serveArgs: string[] };

export function parseViewArgs(argv: string[]): ViewArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        html: { type: 'string' },
        port: { type: 'string' },
        'no-open': { type: 'boolean' },
        home: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'usage', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'usage', message: 'which file? (mcp-lens view <file>)' };
  if (positionals.length > 1) return { kind: 'usage', message: `one file at a time, got ${positionals.length}` };
  const file = positionals[0] as string;
  if (values.html !== undefined && values.html === '') return { kind: 'usage', message: '--html needs a file to write' };
  const serveArgs = [
    ...(values.port === undefined ? [] : ['--port', values.port]),
    ...(values['no-open'] ? ['--no-open'] : []),
    ...(values.home === undefined ? [] : ['--home', values.home]),
    ...(values.host === undefined ? [] : ['--host', values.host]),
  ];
  return { kind: 'view', file, ...(values.html === undefined ? {} : { html: values.html }), serveArgs };
}

/** The file's text when the app can open it, else why not. */
export function checkViewFile(
  file: string,
): { ok: true; text: string; warnings: string[]; journal: boolean } | { ok: false; error: string } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, error: code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})` };
  }
  if (stat.isDirectory()) return { ok: false, error: 'is a folder, not a file' };
  if (stat.size > MAX_VIEW_BYTES)
    return { ok: false, error: `is ${Math.round(stat.size / 2 ** 20)} MB, more than a browser page can hold as one text (500 MB)` };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  const opened = openSessionText(text);
  if (!opened.ok) return { ok: false, error: opened.error };
  const warnings =
    opened.problems.length > 0 ? [`${opened.problems.length} damaged line(s) will be skipped; the first: ${opened.problems[0]}`] : [];
  return { ok: true, text, warnings, journal: opened.from === 'journal' };
}

/** Runs `view`; `serve` starts the app with the checked file held for the page. */
export async function runView(argv: string[], serve: (serveArgs: string[], file: string) => Promise<number>): Promise<number> {
  const args = parseViewArgs(argv);
  if (args.kind === 'help') {
    stdout.write(VIEW_USAGE);
    return 0;
  }
  if (args.kind === 'usage') {
    stderr.write(`mcp-lens view: ${args.message}\n\n${VIEW_USAGE}`);
    return 2;
  }
  const checked = checkViewFile(args.file);
  if (!checked.ok) {
    stderr.write(`mcp-lens view: ${args.file}: ${checked.error}\n`);
    return 2;
  }
  for (const warning of checked.warnings) stderr.write(`mcp-lens view: ${args.file}: ${warning}\n`);
  if (args.html !== undefined) return writeHtml(checked.text, checked.journal, args.html);
  return serve(args.serveArgs, args.file);
}

async function writeHtml(text: string, journal: boolean, out: string): Promise<number> {
  const { writeHtmlViewer } = await import('./htmlExport.js');
  // The viewer holds a session file: a journal becomes one first, as the app's export makes it.
  const sessionText = journal ? sessionFileOfJournal(text) : text;
  const error = await writeHtmlViewer(sessionText, out);
  if (error !== undefined) {
    stderr.write(`mcp-lens view: ${error}\n`);
    return 1;
  }
  stdout.write(`${out}\n`);
  return 0;
}

function sessionFileOfJournal(text: string): string {
  const opened = openSessionText(text);
  return JSON.stringify(buildSessionFile(opened.ok ? opened.events : [], { name: 'mcp-lens', version: VERSION }), null, 2);
}
