// The task rules in both revisions, beyond the one pass/trip pair each gets in rules.test.ts:
// whole task lives that must pass clean, and each way a task message can break a rule.
import { describe, expect, it } from 'vitest';

import { META, Transcript, lint, rulesOf } from './testing/transcript.js';

const J = '2.0';
const TASKS = 'io.modelcontextprotocol/tasks';
const OVERVIEW = 'https://modelcontextprotocol.io/extensions/tasks/overview';
const handshake = (capabilities: Record<string, unknown> = {}): Transcript => new Transcript().spawn().handshake(capabilities);
const stateless = (): Transcript => new Transcript().connectStart('stateless').spawn();
const findingsOf = (t: Transcript) => lint(t.events);

// ---- 2025-11-25

const legacyTask = (status: string, rest: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status,
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:30:00Z',
  ttl: 60000,
  ...rest,
});

const legacyCall = (): Transcript =>
  handshake()
    .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', arguments: {}, task: { ttl: 60000 } } })
    .recv({ jsonrpc: J, id: 1, result: { task: legacyTask('working') } });

const legacyPoll = (t: Transcript, id: number, method: string, status: string, rest: Record<string, unknown> = {}): Transcript =>
  t.send({ jsonrpc: J, id, method, params: { taskId: 't1' } }).recv({ jsonrpc: J, id, result: legacyTask(status, rest) });

// ---- 2026-07-28 (the extension)

/** The envelope of a request that declares the tasks extension. */
const TASK_META = { ...META, 'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } } };

const task = (status: string, rest: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status,
  createdAt: '2026-08-01T10:00:00Z',
  lastUpdatedAt: '2026-08-01T10:00:00Z',
  ttlMs: 60000,
  pollIntervalMs: 1000,
  ...rest,
});

const declared = (t: Transcript, id: number, method: string, params: Record<string, unknown>): Transcript =>
  t.send({ jsonrpc: J, id, method, params: { ...params, _meta: TASK_META } });

const created = (): Transcript =>
  declared(stateless(), 1, 'tools/call', { name: 'build', arguments: {} }).recv({
    jsonrpc: J,
    id: 1,
    result: { resultType: 'task', ...task('working') },
  });

const poll = (t: Transcript, id: number, status: string, rest: Record<string, unknown> = {}): Transcript =>
  declared(t, id, 'tasks/get', { taskId: 't1' }).recv({ jsonrpc: J, id, result: { resultType: 'complete', ...task(status, rest) } });

const RESULT = { content: [{ type: 'text', text: 'built' }], isError: false };
const INPUT = { confirm: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object' } } } };

/** A listen stream (id 9) for task t1's notifications, acknowledged. */
const listening = (t: Transcript): Transcript =>
  declared(t, 9, 'subscriptions/listen', { notifications: { taskIds: ['t1'] } }).recv({
    jsonrpc: J,
    method: 'notifications/subscriptions/acknowledged',
    params: { notifications: { taskIds: ['t1'] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 9 } },
  });

const pushed = (status: string, rest: Record<string, unknown> = {}) => ({
  jsonrpc: J,
  method: 'notifications/tasks',
  params: { ...task(status, rest), _meta: { 'io.modelcontextprotocol/subscriptionId': 9 } },
});

describe('2025-11-25 tasks', () => {
  it('passes a whole task life clean: input_required and back, tasks/result waiting, then more polls', () => {
    let t = legacyCall();
    t = legacyPoll(t, 2, 'tasks/get', 'input_required');
    t = t
      .send({ jsonrpc: J, id: 3, method: 'tasks/result', params: { taskId: 't1' } })
      .recv({ jsonrpc: J, method: 'notifications/tasks/status', params: legacyTask('working') });
    t = legacyPoll(t, 4, 'tasks/get', 'working')
      .recv({ jsonrpc: J, method: 'notifications/tasks/status', params: legacyTask('completed') })
      .recv({ jsonrpc: J, id: 3, result: { ...RESULT, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } } });
    t = legacyPoll(t, 5, 'tasks/get', 'completed')
      .send({ jsonrpc: J, id: 6, method: 'tasks/list' })
      .recv({ jsonrpc: J, id: 6, result: { tasks: [legacyTask('completed')] } });
    expect(findingsOf(legacyPoll(t, 7, 'tasks/get', 'completed'))).toEqual([]);
  });

  it('lists tasks and holds each to its end', () => {
    const list = (id: number, status: string) =>
      ({ jsonrpc: J, id, result: { tasks: [legacyTask(status), { ...legacyTask('working'), taskId: 't2' }] } }) as const;
    const t = legacyCall()
      .send({ jsonrpc: J, id: 2, method: 'tasks/list' })
      .recv(list(2, 'failed'))
      .send({ jsonrpc: J, id: 3, method: 'tasks/list' })
      .recv(list(3, 'working'));
    const [finding] = findingsOf(t);
    expect(finding).toMatchObject({ rule: 'task-status-transition', seq: t.events.at(-1)?.seq });
    expect(finding?.message).toContain('shows task "t1" working, after #');
    expect(finding?.message).toContain('showed it failed');
  });

  it('names the malformed tasks of a tasks/list page once, and the schema rule stays quiet', () => {
    const t = legacyCall()
      .send({ jsonrpc: J, id: 2, method: 'tasks/list' })
      .recv({ jsonrpc: J, id: 2, result: { tasks: [legacyTask('working'), { taskId: 7, status: 'paused', ttl: 1.5 }, 'x'] } });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['task-shape']);
    expect(findings[0]?.message).toContain('tasks[1] taskId 7 (not a string), status "paused"');
    expect(findings[0]?.message).toContain('no createdAt, no lastUpdatedAt, ttl 1.5 (not an integer or null)');
    expect(findings[0]?.message).toContain('tasks[2] is not an object');
  });

  it('takes a ttl of null (unlimited) and no pollInterval', () => {
    const t = handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', arguments: {}, task: {} } })
      .recv({ jsonrpc: J, id: 1, result: { task: { ...legacyTask('working'), ttl: null } } });
    expect(findingsOf(t)).toEqual([]);
  });

  it('wants a tasks/cancel result to show the task cancelled, once per answer', () => {
    expect(findingsOf(legacyPoll(legacyCall(), 2, 'tasks/cancel', 'cancelled'))).toEqual([]);
    const working = findingsOf(legacyPoll(legacyCall(), 2, 'tasks/cancel', 'working'));
    expect(rulesOf(working)).toEqual(['task-status-transition']);
    expect(working[0]?.message).toContain('moves the task to cancelled before it is answered');
    // An ended task is not cancelled: shown cancelled it changed, shown completed it was not refused.
    const ended = () => legacyPoll(legacyCall(), 2, 'tasks/get', 'completed');
    expect(rulesOf(findingsOf(legacyPoll(ended(), 3, 'tasks/cancel', 'cancelled')))).toEqual(['task-status-transition']);
    const unrefused = findingsOf(legacyPoll(ended(), 3, 'tasks/cancel', 'completed'));
    expect(rulesOf(unrefused)).toEqual(['task-status-transition']);
    expect(unrefused[0]?.message).toContain('refused with -32602');
  });

  it('does not hold a poll sent before the end to it', () => {
    const t = legacyCall()
      .send({ jsonrpc: J, id: 2, method: 'tasks/get', params: { taskId: 't1' } })
      .recv({ jsonrpc: J, method: 'notifications/tasks/status', params: legacyTask('completed') })
      .recv({ jsonrpc: J, id: 2, result: legacyTask('working') });
    expect(findingsOf(t)).toEqual([]);
  });

  it('does not take a notification last updated before the end for a change', () => {
    const afterEnd = (lastUpdatedAt: string) =>
      legacyPoll(legacyCall(), 2, 'tasks/get', 'completed', { lastUpdatedAt: '2025-11-25T10:35:00Z' }).recv({
        jsonrpc: J,
        method: 'notifications/tasks/status',
        params: legacyTask('working', { lastUpdatedAt }),
      });
    expect(findingsOf(afterEnd('2025-11-25T10:31:00Z'))).toEqual([]);
    expect(rulesOf(findingsOf(afterEnd('2025-11-25T10:36:00Z')))).toEqual(['task-status-transition']);
    // Without a lastUpdatedAt to go by, the order of the lines decides.
    expect(rulesOf(findingsOf(afterEnd('soon')))).toEqual(['task-status-transition']);
  });

  it('learns how a task ended after tasks/result, and holds it to that', () => {
    let t = legacyCall()
      .send({ jsonrpc: J, id: 2, method: 'tasks/result', params: { taskId: 't1' } })
      .recv({ jsonrpc: J, id: 2, result: RESULT });
    t = legacyPoll(t, 3, 'tasks/get', 'failed');
    const [finding] = findingsOf(legacyPoll(t, 4, 'tasks/get', 'completed'));
    expect(finding).toMatchObject({ rule: 'task-status-transition' });
    expect(finding?.message).toContain('showed it failed');
  });

  it('over HTTP, holds to the order of lines only what a request proves', () => {
    // The streams interleave: a status pushed before the end may arrive after tasks/result's answer.
    const answered = () =>
      legacyCall()
        .http('h1', { phase: 'response', status: 200, headers: {}, contentType: 'text/event-stream' })
        .send({ jsonrpc: J, id: 2, method: 'tasks/result', params: { taskId: 't1' } })
        .recv({ jsonrpc: J, id: 2, result: RESULT });
    expect(findingsOf(answered().recv({ jsonrpc: J, method: 'notifications/tasks/status', params: legacyTask('working') }))).toEqual([]);
    expect(rulesOf(findingsOf(legacyPoll(answered(), 3, 'tasks/get', 'working')))).toEqual(['task-result-status']);
  });

  it('does not take an error from tasks/result (an unknown task) for an end', () => {
    const t = legacyCall()
      .send({ jsonrpc: J, id: 2, method: 'tasks/result', params: { taskId: 't1' } })
      .recv({ jsonrpc: J, id: 2, error: { code: -32602, message: 'Task not found' } });
    expect(findingsOf(legacyPoll(t, 3, 'tasks/get', 'working'))).toEqual([]);
  });

  it('keeps the tasks of the two sides apart (a client runs tasks for sampling)', () => {
    const both = () =>
      handshake({ sampling: {}, tasks: { requests: { sampling: { createMessage: {} } } } })
        .recv({
          jsonrpc: J,
          id: 0,
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10, task: { ttl: 1000 } },
        })
        .send({ jsonrpc: J, id: 0, result: { task: legacyTask('completed') } })
        .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'build', arguments: {}, task: {} } })
        .recv({ jsonrpc: J, id: 1, result: { task: legacyTask('working') } });
    expect(findingsOf(legacyPoll(both(), 2, 'tasks/get', 'working'))).toEqual([]);
    // The client's own task did end.
    const clientTask = both()
      .recv({ jsonrpc: J, id: 1, method: 'tasks/get', params: { taskId: 't1' } })
      .send({ jsonrpc: J, id: 1, result: legacyTask('working') });
    const [finding] = findingsOf(clientTask);
    expect(finding).toMatchObject({ rule: 'task-status-transition' });
    expect(finding?.message).toMatch(/^The client's tasks\/get/);
  });

  it('reports a CreateTaskResult nobody asked for once, not as a malformed tool result too', () => {
    const t = handshake()
      .send({ jsonrpc: J, id: 1, method: 'resources/read', params: { uri: 'test://a' } })
      .recv({ jsonrpc: J, id: 1, result: { task: legacyTask('working') } });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['task-not-requested']);
    expect(findings[0]).toMatchObject({
      spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#creating-tasks',
    });
    expect(findings[0]?.message).toContain('resources/read (id 1) result is a CreateTaskResult (task "t1")');
  });

  it('leaves a result with some other "task" member alone', () => {
    const t = handshake()
      .send({ jsonrpc: J, id: 1, method: 'tools/call', params: { name: 'todo', arguments: {} } })
      .recv({ jsonrpc: J, id: 1, result: { content: [{ type: 'text', text: 'ok' }], task: { title: 'water the plants' } } });
    expect(rulesOf(findingsOf(t))).not.toContain('task-not-requested');
  });
});

describe('2026-07-28 tasks (the extension)', () => {
  it('passes a whole task life clean: a task, input asked and given, the result', () => {
    let t = poll(created(), 2, 'working');
    t = poll(t, 3, 'input_required', { inputRequests: INPUT });
    t = declared(t, 4, 'tasks/update', { taskId: 't1', inputResponses: { confirm: { action: 'accept', content: {} } } }).recv({
      jsonrpc: J,
      id: 4,
      result: { resultType: 'complete' },
    });
    t = poll(t, 5, 'working');
    t = listening(t).recv(pushed('completed', { result: RESULT }));
    t = poll(t, 6, 'completed', { result: RESULT });
    t = declared(t, 7, 'tasks/cancel', { taskId: 't1' }).recv({ jsonrpc: J, id: 7, result: { resultType: 'complete' } });
    expect(findingsOf(t)).toEqual([]);
  });

  it('flags an ended task shown in another status, citing the extension', () => {
    const t = poll(poll(created(), 2, 'cancelled'), 3, 'working');
    const [finding] = findingsOf(t);
    expect(finding).toMatchObject({ rule: 'task-status-transition', spec: `${OVERVIEW}#task-lifecycle`, seq: t.events.at(-1)?.seq });
    expect(finding?.message).toBe(
      `The server's tasks/get (id 3) result shows task "t1" working, after #${t.events.at(-3)?.seq} showed it cancelled; a completed, failed or cancelled task never changes status.`,
    );
  });

  it('holds a pushed status to the end, unless it says it is older', () => {
    const ended = () =>
      listening(poll(created(), 2, 'failed', { error: { code: -32603, message: 'boom' }, lastUpdatedAt: '2026-08-01T10:05:00Z' }));
    expect(findingsOf(ended().recv(pushed('working', { lastUpdatedAt: '2026-08-01T10:01:00Z' })))).toEqual([]);
    expect(rulesOf(findingsOf(ended().recv(pushed('working', { lastUpdatedAt: '2026-08-01T10:06:00Z' }))))).toEqual([
      'task-status-transition',
    ]);
  });

  it('wants a result only on a completed task, and an error only on a failed one', () => {
    const outcome = (status: string, rest: Record<string, unknown>) => findingsOf(poll(created(), 2, status, rest));
    const early = outcome('working', { result: RESULT });
    expect(rulesOf(early)).toEqual(['task-result-status']);
    expect(early[0]?.message).toContain('it carries a result while working');
    expect(outcome('completed', {})[0]?.message).toContain('it is completed without a result object');
    expect(outcome('failed', {})[0]?.message).toContain('it is failed without an error object');
    expect(outcome('completed', { result: RESULT, error: { code: 1, message: 'x' } })[0]?.message).toContain(
      'it carries an error while completed',
    );
    // A tool error is a completed task whose result says isError.
    expect(outcome('completed', { result: { ...RESULT, isError: true } })).toEqual([]);
    // The same for a pushed task.
    expect(rulesOf(findingsOf(listening(created()).recv(pushed('input_required', { inputRequests: INPUT, result: RESULT }))))).toEqual([
      'task-result-status',
    ]);
  });

  it('flags a task to a request that did not declare the extension, once', () => {
    const t = stateless()
      .sendStateless(1, 'tools/call', { name: 'build', arguments: {} })
      .recv({ jsonrpc: J, id: 1, result: { resultType: 'task', ...task('working') } });
    const findings = findingsOf(t);
    expect(rulesOf(findings)).toEqual(['task-not-requested']);
    expect(findings[0]).toMatchObject({ spec: `${OVERVIEW}#for-mcp-servers` });
    expect(findings[0]?.message).toContain(`did not declare the ${TASKS} extension in its clientCapabilities`);
  });

  it('flags a task for a method that cannot have one', () => {
    const t = declared(stateless(), 1, 'prompts/get', { name: 'p' }).recv({
      jsonrpc: J,
      id: 1,
      result: { resultType: 'task', ...task('working') },
    });
    const [finding] = findingsOf(t);
    expect(finding).toMatchObject({ rule: 'task-not-requested' });
    expect(finding?.message).toContain('only tools/call may be answered with a task');
  });

  it('wants tasks/get, tasks/update and tasks/cancel of an undeclaring request refused with -32021', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const answered = stateless()
        .sendStateless(1, method, { taskId: 't1' })
        .recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', ...(method === 'tasks/get' ? task('working') : {}) } });
      expect(rulesOf(findingsOf(answered)), method).toEqual(['task-not-requested']);
      const refused = stateless()
        .sendStateless(1, method, { taskId: 't1' })
        .recv({
          jsonrpc: J,
          id: 1,
          error: { code: -32021, message: 'Missing capability', data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } },
        });
      expect(findingsOf(refused), method).toEqual([]);
    }
  });

  it('judges a -32021 by its extensions, and wants the tasks extension named for tasks/*', () => {
    const refuse = (method: string, requiredCapabilities: unknown) =>
      findingsOf(
        stateless()
          .sendStateless(1, method, method === 'tools/call' ? { name: 'build', arguments: {} } : { taskId: 't1' })
          .recv({ jsonrpc: J, id: 1, error: { code: -32021, message: 'No', data: { requiredCapabilities } } }),
      );
    const other = refuse('tasks/get', { sampling: {} });
    expect(rulesOf(other)).toEqual(['missing-capability-error']);
    expect(other[0]?.message).toContain(`does not name ${TASKS} in requiredCapabilities.extensions`);
    expect(refuse('tools/call', { extensions: [] })[0]?.message).toContain('requiredCapabilities.extensions that is [], not an object');
    expect(refuse('tools/call', { extensions: {} })[0]?.message).toContain('names no extension');
    expect(refuse('tools/call', { extensions: { [TASKS]: true } })[0]?.message).toContain(`gives "${TASKS}" a value that is not an object`);
    // tools/call may need the extension too (a task it cannot do without), or any other capability.
    expect(refuse('tools/call', { extensions: { [TASKS]: {} } })).toEqual([]);
    expect(refuse('tools/call', { sampling: {} })).toEqual([]);
  });

  it('wants the tasks extension named when refusing a listen for task notifications', () => {
    const t = stateless()
      .sendStateless(1, 'subscriptions/listen', { notifications: { taskIds: ['t1'] } })
      .recv({ jsonrpc: J, id: 1, error: { code: -32021, message: 'No', data: { requiredCapabilities: { elicitation: {} } } } });
    expect(rulesOf(findingsOf(t))).toEqual(['missing-capability-error']);
  });

  it('checks the shape of a task, a polled one with its input requests', () => {
    const bad = findingsOf(
      declared(stateless(), 1, 'tools/call', { name: 'build', arguments: {} }).recv({
        jsonrpc: J,
        id: 1,
        result: { resultType: 'task', ...task('working', { ttl: 60000, pollIntervalMs: 0.5 }), ttlMs: undefined },
      }),
    );
    expect(rulesOf(bad)).toEqual(['task-shape']);
    expect(bad[0]?.message).toContain('no ttlMs; pollIntervalMs 0.5 (not an integer)');
    expect(rulesOf(findingsOf(poll(created(), 2, 'input_required')))).toEqual(['task-shape']);
    expect(findingsOf(poll(created(), 2, 'working', { ttlMs: null }))).toEqual([]);
  });

  it('wants notifications/tasks on a listen stream that asked for that task', () => {
    expect(rulesOf(findingsOf(created().recv({ jsonrpc: J, method: 'notifications/tasks', params: task('working') })))).toEqual([
      'stateless-unrequested-notification',
    ]);
    const other = findingsOf(listening(created()).recv(pushed('working', { taskId: 't2' })));
    expect(rulesOf(other)).toEqual(['stateless-unrequested-notification']);
    expect(other[0]?.message).toContain('(taskIds)');
  });

  it('says tasks/list and tasks/result are not methods of 2026-07-28', () => {
    const [finding] = findingsOf(
      declared(stateless(), 1, 'tasks/list', {}).recv({ jsonrpc: J, id: 1, result: { resultType: 'complete', tasks: [] } }),
    );
    expect(finding).toMatchObject({
      rule: 'stateless-task-method-removed',
      spec: 'https://modelcontextprotocol.io/specification/2026-07-28/changelog',
    });
    expect(finding?.message).toContain('there is no listing of tasks');
  });
});
