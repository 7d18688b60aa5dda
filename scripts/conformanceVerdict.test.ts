import { describe, expect, it } from 'vitest';
import {
  DONE_MARKER,
  expectedEntry,
  judge,
  parseExpected,
  quickSkips,
  reportLines,
  scenarioOfResultDir,
  scenarioOutcome,
  type Run,
} from './conformanceVerdict.mjs';
import { DONE_MARKER as CLIENT_DONE_MARKER } from '../bridge/cli/conformanceClient.js';

const ok = (id: string) => ({ id, name: id, status: 'SUCCESS' });
const done = `connected\n${DONE_MARKER}\n`;

describe('scenarioOutcome', () => {
  it('passes a finished client whose checks all succeeded (INFO and SKIPPED are neither)', () => {
    const checks = [ok('a'), { id: 'b', status: 'INFO' }, { id: 'c', status: 'SKIPPED' }];
    expect(scenarioOutcome({ checks, stdout: done })).toEqual({ passed: true, problems: [], notes: [], checks: 3 });
  });

  it('fails on a FAILURE or a WARNING, naming each with the first line of its message', () => {
    const checks = [ok('a'), { id: 'b', name: 'B', status: 'FAILURE', errorMessage: 'no header\nmore' }, { id: 'c', status: 'WARNING' }];
    const outcome = scenarioOutcome({ checks, stdout: done });
    expect(outcome.passed).toBe(false);
    expect(outcome.problems).toEqual(['FAILURE B: no header', 'WARNING c']);
  });

  it("passes a scenario whose one warning is the retry's timing, which the suite calls acceptable, and keeps it as a note", () => {
    const late = {
      id: 'r',
      name: 'ClientRespectsRetryField',
      status: 'WARNING',
      errorMessage: 'Client reconnected slightly late (733ms instead of 500ms).',
    };
    const outcome = scenarioOutcome({ checks: [ok('a'), late], stdout: done });
    expect(outcome.passed).toBe(true);
    expect(outcome.notes).toEqual([
      'WARNING ClientRespectsRetryField: Client reconnected slightly late (733ms instead of 500ms). (timing only: not counted)',
    ]);
    expect(scenarioOutcome({ checks: [{ ...late, status: 'FAILURE' }], stdout: done }).passed).toBe(false);
  });

  it('fails a client that did not say it finished, whatever the checks, with its last word (stderr first)', () => {
    const stderr = 'connecting\nmcp-lens conformance-client: not supported yet\n\n';
    const outcome = scenarioOutcome({ checks: [ok('a')], stdout: '', stderr });
    expect(outcome.passed).toBe(false);
    expect(outcome.problems).toEqual(['the client did not finish (mcp-lens conformance-client: not supported yet)']);
    expect(scenarioOutcome({ checks: [ok('a')], stdout: 'half\n' }).problems).toEqual(['the client did not finish (half)']);
    expect(scenarioOutcome({ checks: [ok('a')], stdout: undefined }).problems).toEqual(['the client did not finish (no output)']);
    // The marker counts only on stdout, alone on its line.
    expect(scenarioOutcome({ checks: [ok('a')], stdout: '', stderr: `${DONE_MARKER}\n` }).passed).toBe(false);
    expect(scenarioOutcome({ checks: [ok('a')], stdout: `x ${DONE_MARKER}\n` }).passed).toBe(false);
  });

  it('uses the same marker as the client under test', () => {
    expect(DONE_MARKER).toBe(CLIENT_DONE_MARKER);
  });

  it('fails when the suite saved no checks, or none at all', () => {
    expect(scenarioOutcome({ checks: undefined, stdout: done }).problems).toEqual(['the suite saved no checks']);
    expect(scenarioOutcome({ checks: [], stdout: done }).problems).toEqual(['the suite recorded no checks']);
    expect(scenarioOutcome({ checks: [{ id: 'x' }], stdout: done }).problems).toEqual(['MISSING x']);
  });
});

describe('parseExpected', () => {
  it('reads versions of scenario → why, skipping $ comments', () => {
    const parsed = parseExpected({ $comment: 'x', '2025-11-25': { 'auth/*': 'OAuth', 'sse-retry': 'resume' } });
    expect(parsed).toEqual({ '2025-11-25': { 'auth/*': 'OAuth', 'sse-retry': 'resume' } });
  });

  it('refuses an entry without a why, a pattern that is not prefix/*, and other shapes', () => {
    expect(() => parseExpected([])).toThrow(/not a JSON object/);
    expect(() => parseExpected({ v: ['a'] })).toThrow(/must map scenario names/);
    expect(() => parseExpected({ v: { a: '' } })).toThrow(/"a" needs a why/);
    expect(() => parseExpected({ v: { a: 3 } })).toThrow(/"a" needs a why/);
    expect(() => parseExpected({ v: { 'auth*': 'x' } })).toThrow(/a pattern is a prefix ending in \/\*/);
    expect(() => parseExpected({ v: { '*/a': 'x' } })).toThrow(/a pattern is a prefix ending in \/\*/);
  });
});

describe('expectedEntry', () => {
  it("prefers a scenario's own entry to a pattern, and a pattern covers only its prefix", () => {
    const expected = { 'auth/*': 'OAuth', 'auth/scope-step-up': 'own' };
    expect(expectedEntry(expected, 'auth/scope-step-up')).toBe('auth/scope-step-up');
    expect(expectedEntry(expected, 'auth/metadata-default')).toBe('auth/*');
    expect(expectedEntry(expected, 'author')).toBeUndefined();
    expect(expectedEntry(expected, 'tools_call')).toBeUndefined();
  });
});

describe('quickSkips', () => {
  it('leaves out all but the first scenario of each prefix/* entry, never a scenario excused by name or not excused', () => {
    const expected = { 'auth/*': 'OAuth', 'auth/own': 'own why', 'ext/*': 'extension', 'sse-retry': 'resume' };
    const scenarios = ['tools_call', 'auth/a', 'auth/own', 'auth/b', 'ext/x', 'auth/c', 'ext/y', 'sse-retry'];
    expect([...quickSkips(scenarios, expected)]).toEqual(['auth/b', 'auth/c', 'ext/y']);
    expect(quickSkips(scenarios, {}).size).toBe(0);
  });

  it('runs the first authorization scenario of each family, and every other scenario', () => {
    const scenarios = [
      'tools_call',
      'auth/metadata-default',
      'auth/metadata-var1',
      'auth/iss-supported',
      'auth/scope-step-up',
      'auth/iss-unexpected',
      'auth/dpop',
      'auth/dpop-nonce',
    ];
    expect([...quickSkips(scenarios, {})]).toEqual(['auth/metadata-var1', 'auth/iss-unexpected', 'auth/dpop-nonce']);
    const runs = scenarios.map((scenario) => ({
      scenario,
      scored: true,
      passed: true,
      problems: [],
      ...(quickSkips(scenarios, {}).has(scenario) ? { notRun: true } : {}),
    }));
    const verdict = judge(runs, {});
    expect(verdict.counts.failed).toBe(0);
    expect(reportLines('2026-07-28', verdict).join('\n')).toContain('3 authorization scenarios not run');
  });
});

describe('judge', () => {
  const run = (scenario: string, passed: boolean, scored = true): Run => ({
    scenario,
    scored,
    passed,
    problems: passed ? [] : ['FAILURE x'],
  });

  it('holds when every failure is listed and every listed scenario fails', () => {
    const verdict = judge([run('tools_call', true), run('auth/a', false), run('auth/b', false), run('sse-retry', false)], {
      'auth/*': 'OAuth',
      'sse-retry': 'resume',
    });
    expect(verdict.ok).toBe(true);
    expect(verdict.rows.map((r) => r.kind)).toEqual(['pass', 'expected-failure', 'expected-failure', 'expected-failure']);
    expect(verdict.counts).toEqual({
      total: 4,
      passed: 1,
      expectedFailures: 3,
      failed: 0,
      unexpectedPasses: 0,
      notRun: 0,
      scored: 4,
      scoredNotRun: 0,
      scoredPassed: 1,
    });
  });

  it('fails on a failure the list does not name', () => {
    const verdict = judge([run('tools_call', false)], {});
    expect(verdict.ok).toBe(false);
    expect(verdict.counts.failed).toBe(1);
  });

  it('fails on a listed scenario that passes, even under a pattern', () => {
    const verdict = judge([run('auth/a', true), run('auth/b', false)], { 'auth/*': 'OAuth' });
    expect(verdict.ok).toBe(false);
    expect(verdict.rows[0]).toMatchObject({ kind: 'unexpected-pass', entry: 'auth/*' });
  });

  it('fails on an entry that names no scenario run', () => {
    const verdict = judge([run('tools_call', true)], { 'gone-scenario': 'was removed' });
    expect(verdict.ok).toBe(false);
    expect(verdict.stale).toEqual(['gone-scenario']);
  });

  it('counts a scenario not run as neither a pass nor a failure, its entry still in use', () => {
    const verdict = judge([run('auth/a', false), { ...run('auth/b', false), notRun: true }], { 'auth/*': 'OAuth' });
    expect(verdict.ok).toBe(true);
    expect(verdict.rows.map((r) => r.kind)).toEqual(['expected-failure', 'not-run']);
    expect(verdict.counts).toMatchObject({ expectedFailures: 1, notRun: 1, failed: 0 });
    expect(reportLines('v', verdict)).toEqual([
      '  ~ auth/* (2, 1 of them not run): expected to fail: OAuth',
      'v: 0 passed, 1 expected failures, 0 failed, 0 unexpected passes, 1 not run (--quick); 0 of 1 required scenarios run pass (1 more required, not run)',
    ]);
  });

  it('counts scenarios run but not scored apart from the required ones', () => {
    const verdict = judge([run('tools_call', true), run('auth/dpop', false, false), run('extra', true, false)], { 'auth/*': 'OAuth' });
    expect(verdict.counts).toMatchObject({ total: 3, passed: 2, scored: 1, scoredPassed: 1 });
  });
});

describe('reportLines', () => {
  it('lists passes, failures with their problems, excused failures once per entry, stale entries, then the totals', () => {
    const verdict = judge(
      [
        { scenario: 'tools_call', scored: true, passed: true, problems: [] },
        { scenario: 'initialize', scored: true, passed: false, problems: ['FAILURE init: no'] },
        { scenario: 'auth/a', scored: true, passed: false, problems: ['x'] },
        { scenario: 'auth/b', scored: false, passed: false, problems: ['x'] },
        { scenario: 'sse-retry', scored: true, passed: true, problems: [] },
      ],
      { 'auth/*': 'OAuth is not run', 'sse-retry': 'resume', old: 'gone' },
    );
    expect(reportLines('2025-11-25 (conformance 0.1.16)', verdict)).toEqual([
      '  ✓ tools_call',
      '  ✗ initialize: FAILED, and expected-failures.json does not list it',
      '      FAILURE init: no',
      '  ! sse-retry: PASSED, but expected-failures.json lists it (sse-retry): remove the entry',
      '  ~ auth/* (2): expected to fail: OAuth is not run',
      '  ! expected-failures.json lists "old", which names no scenario run: remove it',
      '2025-11-25 (conformance 0.1.16): 1 passed, 2 expected failures, 1 failed, 1 unexpected passes; 2 of 4 required scenarios run pass (1 more run, not scored)',
    ]);
  });
});

describe('scenarioOfResultDir', () => {
  it('strips the time the suite appends, keeping a scenario path with a slash', () => {
    expect(scenarioOfResultDir('tools_call-2026-12-03T04-29-43-962Z')).toBe('tools_call');
    expect(scenarioOfResultDir('auth/metadata-var1-2026-12-03T04-29-43-962Z')).toBe('auth/metadata-var1');
    expect(scenarioOfResultDir('tools_call')).toBeUndefined();
  });
});
