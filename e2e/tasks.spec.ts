// A tool call run as a task, in each flow, against the demo's `research`: the task card follows
// the task from working through the question to completed, the result shows as a plain call's
// would, and Cancel task ends it cancelled (tasks/cancel on the wire). Then the same task outside
// the runner: one span on the waterfall with its polls and its input round, its polls marked
// with it in the list and linked from its detail, and the Tasks tab listing it.
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { TasksView } from './pages/tasksView.js';
import { sharedSession } from './support/shared.js';

/** The demo's research as a task long enough (20 steps of 1 s) for a cancel to land mid-way however slow the machine. */
async function startLongTask(page: Page, topic: string): Promise<{ tools: ToolsPage; card: Locator; taskId: string }> {
  const tools = new ToolsPage(page);
  await tools.pick('Research (a task)');
  await tools.field('tool-research_topic').fill(topic);
  await tools.field('tool-research_steps').fill('20');
  await tools.field('tool-research_stepMs').fill('1000');
  await tools.runner.getByTestId('run-as-task').check();
  await tools.send();
  const card = tools.runner.getByTestId('task-card');
  await expect(card.getByTestId('task-status')).toHaveText('working');
  return { tools, card, taskId: (await card.getByTestId('task-id').textContent()) ?? '' };
}

for (const flow of ['Handshake', 'Stateless'] as FlowName[]) {
  test.describe(`tasks in the ${flow.toLowerCase()} flow`, () => {
    const test = sharedSession(
      async (page, lens) => {
        const app = new AppPage(page);
        await app.open(lens.url);
        const conn = await app.connect(flow);
        await expect(conn.getByTestId('flow-pill')).toBeVisible();
      },
      (page) => new ToolsPage(page).open(),
    );

    test('research as a task: the card follows it through the question to completed, and the result shows', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Research (a task)');
      await tools.field('tool-research_topic').fill('owls');
      await tools.field('tool-research_steps').fill('2');
      await tools.field('tool-research_stepMs').fill('100');
      await tools.runner.getByTestId('run-as-task').check();
      await tools.send();
      const card = tools.runner.getByTestId('task-card');
      await expect(card).toBeVisible();
      const dialog = page.getByTestId('question');
      await expect(dialog).toBeVisible();
      await expect(card.getByTestId('task-status')).toHaveText('input_required');
      await expect(dialog).toContainText('how deep should the rest go?');
      await dialog.getByLabel('Depth').selectOption('thorough');
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId('task-status')).toHaveText('completed');
      await expect(tools.result.getByTestId('block-text').first()).toContainText('Research on "owls" done: thorough depth, 2 of 2 steps.');
      // The first request of the run asked for a task, as its revision asks for one.
      await tools.result.getByTestId('show-wire').click();
      const first = (await tools.result.getByTestId('wire-request').first().textContent()) ?? '';
      if (flow === 'Handshake') expect(JSON.parse(first).params.task).toEqual({});
      else
        expect(
          JSON.parse(first).params._meta['io.modelcontextprotocol/clientCapabilities'].extensions['io.modelcontextprotocol/tasks'],
        ).toEqual({});

      const taskId = (await card.getByTestId('task-id').textContent()) ?? '';
      const view = new TasksView(page);
      await view.showTimeline();
      await view.expectSpan(taskId, 'completed', 'some');
      await view.expectPollsPaired(taskId);
      // The input round is a row of the task too: the question (handshake) or its answer (stateless).
      const round = view.rowsOf(taskId, flow === 'Handshake' ? 'elicitation/create' : 'tasks/update');
      await expect(round.first()).toBeVisible();
      const tasks = await view.openTasksTab();
      if (flow === 'Handshake') {
        // The demo declares tasks.list: the list is the server's.
        const listed = tasks.locator(`[data-testid="tasks-row"][data-task="${taskId}"]`);
        await expect(listed.getByTestId('tasks-row-status')).toHaveText('completed');
        await expect(tasks.getByTestId('tasks-no-list')).toHaveCount(0);
      } else {
        await expect(tasks.getByTestId('tasks-no-list')).toContainText('no tasks/list');
      }
      const seen = tasks.locator(`[data-testid="seen-task"][data-task="${taskId}"]`);
      await expect(seen.getByTestId('seen-task-status')).toHaveText('completed');
    });

    test('Cancel task: tasks/cancel goes out and the card ends cancelled', async ({ page }) => {
      const { tools, card, taskId } = await startLongTask(page, 'a long one');
      await card.getByTestId('task-cancel').click();
      await expect(card.getByTestId('task-status')).toHaveText('cancelled');
      await expect(tools.runner.getByTestId('cancel')).toBeHidden();
      await new AppPage(page).showOnly('method:tasks/cancel');
      await expect(page.getByTestId('timeline-row').first()).toBeVisible();

      const view = new TasksView(page);
      await expect(view.rowsOf(taskId, 'tasks/cancel')).toHaveCount(1);
      await view.showTimeline();
      await view.expectSpan(taskId, 'cancelled', 'none');
      // Cancelled before its first tasks/get can come (the handshake run waits the poll interval first).
      await view.expectPollsPaired(taskId, 'tasks/cancel');
    });

    test('the Tasks tab cancels a running task, and the waterfall ends it cancelled', async ({ page }) => {
      const { taskId } = await startLongTask(page, 'another long one');
      const view = new TasksView(page);
      const tasks = await view.openTasksTab();
      if (flow === 'Handshake') {
        const listed = tasks.locator(`[data-testid="tasks-row"][data-task="${taskId}"]`);
        await expect(listed.getByTestId('tasks-row-status')).toHaveText('working');
        await listed.getByTestId('tasks-row-cancel').click();
        await expect(listed.getByTestId('tasks-row-status')).toHaveText('cancelled');
      } else {
        const seen = tasks.locator(`[data-testid="seen-task"][data-task="${taskId}"]`);
        await expect(seen.getByTestId('seen-task-status')).toHaveText('working');
        await seen.getByTestId('seen-task-cancel').click();
      }
      // The run polls on and sees the end: the span closes cancelled.
      await expect(tasks.locator(`[data-testid="seen-task"][data-task="${taskId}"]`).getByTestId('seen-task-status')).toHaveText(
        'cancelled',
      );
      await view.showTimeline();
      await view.expectSpan(taskId, 'cancelled', 'none');
    });
  });
}

test('server-everything (handshake flow): simulate-research-query requires a task, and runs as one with its clarification', async ({
  page,
  lens,
}) => {
  const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const app = new AppPage(page);
  await app.open(lens.url);
  const conn = await app.connect('Handshake', { command: 'node', args: [server, 'stdio'] });
  await expect(conn.getByTestId('flow-pill')).toHaveText(/handshake · 2025-11-25/);
  const tools = new ToolsPage(page);
  await tools.open();
  await page.getByLabel('Search tools').fill('research');
  await page.getByTestId('tool-item').filter({ hasText: 'simulate-research-query' }).first().click();
  const asTask = tools.runner.getByTestId('run-as-task');
  await expect(asTask).toBeChecked();
  await expect(asTask).toBeDisabled();
  await tools.field('tool-simulate-research-query_topic').fill('owls');
  await tools.field('tool-simulate-research-query_ambiguous').check();
  await tools.send();
  const card = tools.runner.getByTestId('task-card');
  const dialog = page.getByTestId('question');
  await expect(dialog).toBeVisible();
  await expect(card.getByTestId('task-status')).toHaveText('input_required');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByTestId('task-status')).toHaveText('completed');
  await expect(tools.result.getByTestId('block-text').first()).toContainText('Research Report: owls');

  // The task outside the runner: its span, polls and the clarification as its input round.
  const taskId = (await card.getByTestId('task-id').textContent()) ?? '';
  const view = new TasksView(page);
  await view.showTimeline();
  await view.expectSpan(taskId, 'completed', 'some');
  await view.expectPollsPaired(taskId);
  await expect(view.rowsOf(taskId, 'elicitation/create').first()).toBeVisible();
  const tasks = await view.openTasksTab();
  await expect(tasks.locator(`[data-testid="tasks-row"][data-task="${taskId}"]`).getByTestId('tasks-row-status')).toHaveText('completed');

  // A second run, cancelled while it works: the span ends cancelled.
  await tools.open();
  await tools.field('tool-simulate-research-query_ambiguous').uncheck();
  await tools.field('tool-simulate-research-query_topic').fill('bats');
  await tools.send();
  await expect(card.getByTestId('task-status')).toHaveText('working');
  const cancelled = (await card.getByTestId('task-id').textContent()) ?? '';
  expect(cancelled).not.toBe(taskId);
  await card.getByTestId('task-cancel').click();
  await expect(card.getByTestId('task-status')).toHaveText('cancelled');
  await view.showTimeline();
  await expect(view.rowsOf(cancelled, 'tasks/cancel')).toHaveCount(1);
  await view.expectSpan(cancelled, 'cancelled', 'none');
  const list = await view.openTasksTab();
  await list.getByRole('button', { name: 'Refresh the tasks' }).click();
  await expect(list.locator(`[data-testid="tasks-row"][data-task="${cancelled}"]`).getByTestId('tasks-row-status')).toHaveText('cancelled');
});
