// Types for scripts/conformanceVerdict.mjs, which its test imports.
export const DONE_MARKER: string;

export interface ScenarioOutcome {
  passed: boolean;
  problems: string[];
  /** Timing warnings the suite calls acceptable: reported, not counted against the scenario. */
  notes: string[];
  checks: number;
}
export function scenarioOutcome(saved: { checks: unknown; stdout: string | undefined; stderr?: string | undefined }): ScenarioOutcome;

export type Expected = Record<string, Record<string, string>>;
export function parseExpected(json: unknown): Expected;
export function expectedEntry(expected: Record<string, string>, scenario: string): string | undefined;

export function quickSkips(scenarios: string[], expected: Record<string, string>): Set<string>;

export interface Run {
  scenario: string;
  scored: boolean;
  passed: boolean;
  problems: string[];
  notRun?: boolean;
}
export type Kind = 'pass' | 'fail' | 'expected-failure' | 'unexpected-pass' | 'not-run';
export interface Row extends Run {
  kind: Kind;
  entry?: string;
  why?: string;
}
export interface Verdict {
  rows: Row[];
  stale: string[];
  counts: {
    total: number;
    passed: number;
    expectedFailures: number;
    failed: number;
    unexpectedPasses: number;
    notRun: number;
    scored: number;
    scoredPassed: number;
  };
  ok: boolean;
}
export function judge(runs: Run[], expected: Record<string, string>): Verdict;
export function reportLines(label: string, verdict: Verdict): string[];
export function scenarioOfResultDir(relativeDir: string): string | undefined;
