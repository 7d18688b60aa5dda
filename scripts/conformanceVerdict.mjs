// The verdicts of scripts/conformance.mjs, pure so they can be tested without the suite: what a
// scenario's result means, which scenarios conformance/expected-failures.json excuses, and
// whether the run as a whole holds. The list stays honest both ways: a failure it does not name
// fails the run, and so does a scenario it names that passes or an entry that names nothing run.

/** The last line the client under test prints on stdout when it carried a scenario out. */
export const DONE_MARKER = 'mcp-lens conformance-client: done';

/** Check statuses that fail a scenario, as the suite itself judges one (a WARNING is a SHOULD missed). */
const FAILING = new Set(['FAILURE', 'WARNING']);

/**
 * Warnings about timing alone, which the suite itself calls acceptable ("reconnected slightly
 * late"): on a loaded 2-core machine the 500 ms retry lands a few hundred ms late now and then,
 * so they are reported but do not fail the scenario. A FAILURE of the same check still does.
 */
const TIMING_WARNINGS = new Set(['ClientRespectsRetryField']);

/**
 * A scenario's outcome from what the suite saved: its checks (checks.json) and whether the client
 * said it finished (its stdout; else its last word, from stderr, says why not). It passes when
 * the client finished, the suite recorded checks, and none failed or warned.
 * @param {{ checks: unknown, stdout: string | undefined, stderr?: string | undefined }} saved
 * @returns {{ passed: boolean, problems: string[], notes: string[], checks: number }}
 */
export function scenarioOutcome({ checks, stdout, stderr }) {
  const list = Array.isArray(checks) ? checks : [];
  const problems = [];
  const notes = [];
  if (!Array.isArray(checks)) problems.push('the suite saved no checks');
  else if (list.length === 0) problems.push('the suite recorded no checks');
  for (const check of list) {
    const status = typeof check?.status === 'string' ? check.status : 'MISSING';
    if (FAILING.has(status) || status === 'MISSING') {
      const what = typeof check?.name === 'string' ? check.name : typeof check?.id === 'string' ? check.id : '?';
      const why = typeof check?.errorMessage === 'string' ? `: ${firstLine(check.errorMessage)}` : '';
      if (status === 'WARNING' && TIMING_WARNINGS.has(what)) notes.push(`${status} ${what}${why} (timing only: not counted)`);
      else problems.push(`${status} ${what}${why}`);
    }
  }
  const finished = typeof stdout === 'string' && stdout.split('\n').some((line) => line.trim() === DONE_MARKER);
  if (!finished) problems.push(`the client did not finish (${lastLine(stderr) ?? lastLine(stdout) ?? 'no output'})`);
  return { passed: problems.length === 0, problems, notes, checks: list.length };
}

function firstLine(text) {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function lastLine(text) {
  if (typeof text !== 'string') return undefined;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const last = lines.at(-1);
  return last === undefined ? undefined : firstLine(last);
}

/**
 * conformance/expected-failures.json: `{ "<version>": { "<scenario or prefix/*>": "why" } }`,
 * keys starting with `$` being comments. Throws with what is wrong.
 * @param {unknown} json
 * @returns {Record<string, Record<string, string>>}
 */
export function parseExpected(json) {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('expected-failures: not a JSON object');
  /** @type {Record<string, Record<string, string>>} */
  const out = {};
  for (const [version, entries] of Object.entries(json)) {
    if (version.startsWith('$')) continue;
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries))
      throw new Error(`expected-failures: "${version}" must map scenario names to why they fail`);
    out[version] = {};
    for (const [name, why] of Object.entries(entries)) {
      if (typeof why !== 'string' || why.trim() === '') throw new Error(`expected-failures: ${version} "${name}" needs a why (a string)`);
      if (name.includes('*') && !/^[^*]+\/\*$/.test(name))
        throw new Error(`expected-failures: ${version} "${name}": a pattern is a prefix ending in /*`);
      out[version][name] = why;
    }
  }
  return out;
}

/** The entry of `expected` that names `scenario`: its own name first, else a prefix/* that covers it. */
export function expectedEntry(expected, scenario) {
  if (Object.hasOwn(expected, scenario)) return scenario;
  return Object.keys(expected).find((name) => name.endsWith('/*') && scenario.startsWith(name.slice(0, -1)));
}

/**
 * `--quick` (npm test): which scenarios are not run.
 * - Of the scenarios a prefix/* entry excuses, all but the first of each: they fail alike for one
 *   reason, so one of each still holds the entry to its word.
 * - Of the authorization scenarios (`auth/<family>-…`), all but the first of each family
 *   (metadata, scope, iss, dpop…): a family shares its flow and differs in one parameter, and the
 *   whole set takes a client start each, the longest stage beside the browser tests.
 * `npm run conformance` runs them all.
 * @param {string[]} scenarios in the suite's order
 * @param {Record<string, string>} expected
 * @returns {Set<string>}
 */
export function quickSkips(scenarios, expected) {
  const first = new Set();
  const skips = new Set();
  for (const scenario of scenarios) {
    const entry = expectedEntry(expected, scenario);
    const family = /^auth\/([^-]+)/.exec(scenario)?.[1];
    const group =
      entry !== undefined && entry.endsWith('/*') ? entry : entry === undefined && family !== undefined ? `auth/${family}` : undefined;
    if (group === undefined) continue;
    if (first.has(group)) skips.add(scenario);
    else first.add(group);
  }
  return skips;
}

/**
 * Every scenario of one version's run, judged against its expected failures. A scenario not run
 * (`notRun`, see quickSkips) is neither a pass nor a failure.
 * @param {{ scenario: string, scored: boolean, passed: boolean, problems: string[], notRun?: boolean }[]} runs
 * @param {Record<string, string>} expected
 */
export function judge(runs, expected) {
  const used = new Set();
  const rows = runs.map((run) => {
    const entry = expectedEntry(expected, run.scenario);
    if (entry !== undefined) used.add(entry);
    const kind = run.notRun
      ? 'not-run'
      : entry === undefined
        ? run.passed
          ? 'pass'
          : 'fail'
        : run.passed
          ? 'unexpected-pass'
          : 'expected-failure';
    return { ...run, kind, ...(entry === undefined ? {} : { entry, why: expected[entry] }) };
  });
  const stale = Object.keys(expected).filter((name) => !used.has(name));
  const count = (kind, scored) => rows.filter((r) => r.kind === kind && (scored === undefined || r.scored === scored)).length;
  const counts = {
    total: rows.length,
    passed: count('pass'),
    expectedFailures: count('expected-failure'),
    failed: count('fail'),
    unexpectedPasses: count('unexpected-pass'),
    notRun: count('not-run'),
    scored: rows.filter((r) => r.scored).length,
    scoredNotRun: rows.filter((r) => r.scored && r.kind === 'not-run').length,
    scoredPassed: rows.filter((r) => r.scored && r.passed).length,
  };
  return { rows, stale, counts, ok: counts.failed === 0 && counts.unexpectedPasses === 0 && stale.length === 0 };
}

/**
 * The account of one version's run: a line per scenario that is not a plain pass or an excused
 * failure sharing a why, then the totals.
 * @param {string} label e.g. "2026-07-28 (conformance 0.2.0-alpha.12)"
 * @param {ReturnType<typeof judge>} verdict
 * @returns {string[]}
 */
export function reportLines(label, verdict) {
  const lines = [];
  const { rows, stale, counts } = verdict;
  for (const row of rows) {
    const tag = row.scored ? '' : ' (not scored)';
    switch (row.kind) {
      case 'pass':
        lines.push(`  ✓ ${row.scenario}${tag}`);
        break;
      case 'expected-failure':
      case 'not-run':
        // Many share one pattern's why: they are counted once, under it, below.
        break;
      case 'fail':
        lines.push(`  ✗ ${row.scenario}${tag}: FAILED, and expected-failures.json does not list it`);
        for (const problem of row.problems.slice(0, 8)) lines.push(`      ${problem}`);
        if (row.problems.length > 8) lines.push(`      … ${row.problems.length - 8} more`);
        break;
      case 'unexpected-pass':
        lines.push(`  ! ${row.scenario}${tag}: PASSED, but expected-failures.json lists it (${row.entry}): remove the entry`);
        break;
      default:
        throw new Error(`unknown kind ${row.kind}`);
    }
  }
  const byEntry = new Map();
  for (const row of rows.filter((r) => (r.kind === 'expected-failure' || r.kind === 'not-run') && r.entry !== undefined))
    byEntry.set(row.entry, [...(byEntry.get(row.entry) ?? []), row]);
  const sampled = rows.filter((r) => r.kind === 'not-run' && r.entry === undefined);
  if (sampled.length > 0)
    lines.push(
      `  ~ ${sampled.length} authorization scenarios not run (--quick runs the first of each family; npm run conformance runs all)`,
    );
  for (const [entry, excused] of byEntry) {
    const notRun = excused.filter((r) => r.kind === 'not-run').length;
    const names = entry.endsWith('/*') ? `${entry} (${excused.length}${notRun > 0 ? `, ${notRun} of them not run` : ''})` : entry;
    lines.push(`  ~ ${names}: expected to fail: ${excused[0].why}`);
  }
  for (const name of stale) lines.push(`  ! expected-failures.json lists "${name}", which names no scenario run: remove it`);
  const notScored = counts.total - counts.scored;
  lines.push(
    `${label}: ${counts.passed} passed, ${counts.expectedFailures} expected failures, ${counts.failed} failed, ` +
      `${counts.unexpectedPasses} unexpected passes${counts.notRun > 0 ? `, ${counts.notRun} not run (--quick)` : ''}; ` +
      `${counts.scoredPassed} of ${counts.scored - counts.scoredNotRun} required scenarios run pass` +
      (counts.scoredNotRun > 0 ? ` (${counts.scoredNotRun} more required, not run)` : '') +
      (notScored > 0 ? ` (${notScored} more run, not scored)` : ''),
  );
  return lines;
}

/**
 * The scenario a result folder belongs to: the suite names it `<scenario>-<ISO time with : and .
 * as ->` under its output folder, and a scenario named `auth/x` makes it a subfolder.
 * @param {string} relativeDir the folder of a checks.json, relative to the output folder, with /
 */
export function scenarioOfResultDir(relativeDir) {
  const match = /^(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(relativeDir);
  return match?.[1];
}
