/**
 * Runs one scenario in both flows at once, each on its own server process (servers pin the
 * flow per process), or each in its own session of one server over HTTP. Every step is bracketed by journaled markers, so the figures and the
 * diagrams are read back from the wire, and the comparison replays from the journal.
 */
import type { ConnectionConfig } from '../../../../protocol/envelope.js';
import { maskUrl } from '../../../../protocol/redact.js';
import { redactCommandLine } from '../../../../protocol/secretMask.js';
import type { ClientSession, Outcome } from '../../../../protocol/clientSession.js';
import { COMPARE_TOPICS, stepRequest, type CompareStart, type Scenario, type Step, type StepMark } from '../../../../protocol/compare.js';
import type { Flow } from '../../../../protocol/flows.js';
import { answerInputRequests, elicitAnswer, notHandled } from '../../../../protocol/answers.js';
import type { SessionStore } from '../../session/sessionStore.js';
import type { ConnectionDriver } from '../../session/connectionDriver.js';

const CAPABILITIES = { elicitation: { form: {} } };

export function startComparison(store: SessionStore, config: ConnectionConfig, scenario: Scenario): CompareStart {
  const id = `cmp-${Date.now().toString(36)}`;
  const start: CompareStart = {
    id,
    scenario,
    // Journaled, so told by the same rules as a config: no credential argument in clear.
    ...(config.transport === 'http'
      ? { url: maskUrl(config.url, config.secrets) }
      : redactCommandLine(config.command, config.args, config.secrets)),
    conns: { handshake: store.newConnId('h'), stateless: store.newConnId('s') },
  };
  store.note(COMPARE_TOPICS.start, start);
  void Promise.all([runColumn(store, config, start, 'handshake'), runColumn(store, config, start, 'stateless')]).then(() =>
    store.note(COMPARE_TOPICS.done, { id }),
  );
  return start;
}

async function runColumn(store: SessionStore, config: ConnectionConfig, start: CompareStart, flow: Flow): Promise<void> {
  const conn = start.conns[flow];
  const mark = (index: number, phase: 'start' | 'end', outcome?: string): void => {
    const data: StepMark = { id: start.id, flow, index, phase, ...(outcome === undefined ? {} : { outcome }) };
    store.note(COMPARE_TOPICS.step, data, conn);
  };
  let driver: ConnectionDriver | undefined;
  for (const [index, step] of start.scenario.steps.entries()) {
    mark(index, 'start');
    if (step.kind === 'connect') {
      driver = store.launch(conn, config, flow, { capabilities: CAPABILITIES, discover: true }, `compare ${flow}`);
      const ready = await driver.ready;
      mark(index, 'end', ready.ok ? 'connected' : ready.reason);
      if (!ready.ok) break;
      continue;
    }
    const session = driver?.session;
    if (!driver || !session) {
      mark(index, 'end', 'not connected: a scenario starts with a connect step');
      break;
    }
    mark(index, 'end', summarize(await runStep(driver, session, step)));
  }
  if (driver) store.disconnect(conn);
}

async function runStep(driver: ConnectionDriver, session: ClientSession, step: Exclude<Step, { kind: 'connect' }>): Promise<Outcome> {
  const { method, params } = stepRequest(step);
  if (step.kind !== 'input' || params === undefined) return session.request(method, params).done;
  // The scripted answer: given to an elicitation/create (handshake) or to every question of an
  // input_required result (stateless), the way a user would in the dialog.
  const given = elicitAnswer(step.answer.action, step.answer.content);
  if (session.flow === 'handshake') {
    driver.autoAnswer = (asked) => (asked === 'elicitation/create' ? given : undefined);
    try {
      return await session.request(method, params).done;
    } finally {
      driver.autoAnswer = undefined;
    }
  }
  return session.requestWithInput(method, params, (requests) =>
    answerInputRequests(requests, (asked) => (asked === 'elicitation/create' ? given : notHandled(asked))),
  );
}

function summarize(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'result': {
      const content = outcome.result.content;
      const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
      if (typeof first?.text === 'string') return first.text.slice(0, 120);
      return outcome.result.isError === true ? 'isError: true' : 'ok';
    }
    case 'error':
      return `error ${outcome.error.code}: ${outcome.error.message}`;
    case 'invalid':
      return `invalid answer: ${outcome.reason}`;
    case 'timeout':
      return `timed out after ${outcome.afterMs} ms`;
    case 'cancelled':
      return `cancelled: ${outcome.reason}`;
    case 'closed':
    case 'transport':
      return outcome.reason;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
