import { describe, expect, it } from 'vitest';
import { LintFold, LintHost, type LintAnswer, type LintFinding } from './lintPass.js';
import { EventScript } from './testing.js';

/** A session whose server prints a line that is not JSON every tenth line: lint flags each. */
function noisy(lines: number): EventScript {
  const s = new EventScript().spawn('c1');
  for (let i = 0; i < lines; i++) {
    if (i % 10 === 0) s.line('c1', 'stdout', `not JSON ${i}`);
    else s.notify('c1', 'stdout', 'notifications/message', { level: 'info', data: `line ${i}` });
  }
  return s;
}

function frames(events: readonly unknown[], size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < events.length; i += size) out.push(JSON.stringify({ type: 'events', events: events.slice(i, i + size) }));
  return out;
}

/** Waits a turn at a time until the lint pass has said it linted `count` events. */
async function lintedAll(answers: LintAnswer[], count: number): Promise<void> {
  while (answers.at(-1)?.linted !== count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('LintHost, live', () => {
  it('lints a flood of frames whole, in slices, with the findings a fold over the same events gives', async () => {
    const s = noisy(20_000);
    const expected: LintFinding[] = [];
    const fold = new LintFold();
    for (const event of s.events) fold.apply(event, expected);
    expect(expected.length).toBeGreaterThanOrEqual(2000);

    const answers: LintAnswer[] = [];
    const host = new LintHost((answer) => answers.push(answer));
    host.receive({ type: 'source', generation: 1 });
    for (const text of frames(s.events, 200)) host.receive({ type: 'frame', generation: 1, text });
    await lintedAll(answers, s.events.length);
    expect(answers.flatMap((a) => a.findings)).toEqual(expected);
    expect(answers.every((a) => a.generation === 1 && a.done)).toBe(true);
  });

  it('starts over on a new source in the middle of a flood, and lints the new frames', async () => {
    const answers: LintAnswer[] = [];
    const host = new LintHost((answer) => answers.push(answer));
    host.receive({ type: 'source', generation: 1 });
    for (const text of frames(noisy(20_000).events, 200)) host.receive({ type: 'frame', generation: 1, text });
    host.receive({ type: 'source', generation: 2 });
    const second = noisy(300);
    for (const text of frames(second.events, 50)) host.receive({ type: 'frame', generation: 2, text });
    host.receive({ type: 'frame', generation: 1, text: frames(noisy(5).events, 5)[0] ?? '' });
    await lintedAll(answers, second.events.length);
    const after = answers.slice(answers.findIndex((a) => a.generation === 2));
    expect(after.every((a) => a.generation === 2)).toBe(true);
    expect(after.flatMap((a) => a.findings)).toHaveLength(30);
  });
});
