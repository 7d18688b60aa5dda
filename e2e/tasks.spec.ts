// A tool call run as a task, in each flow, against the demo's `research`: the task card follows
// the task from working through the question to completed, the result shows as a plain call's
// would, and Cancel task ends it cancelled (tasks/cancel on the wire).
import { createRequire } from 'node:module';
import { test, expect } from './support/fixtures.js';
import { AppPage, type FlowName } from './pages/appPage.js';
import { ToolsPage } from './pages/toolsPage.js';
import { sharedSession } from './support/shared.js';

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
      else expect(first).toContain('"extensions":{"io.modelcontextprotocol/tasks":{}}');
    });

    test('Cancel task: tasks/cancel goes out and the card ends cancelled', async ({ page }) => {
      const tools = new ToolsPage(page);
      await tools.pick('Research (a task)');
      await tools.field('tool-research_topic').fill('a long one');
      // 20 steps of 1 s: the cancel lands mid-way however slow the machine.
      await tools.field('tool-research_steps').fill('20');
      await tools.field('tool-research_stepMs').fill('1000');
      await tools.runner.getByTestId('run-as-task').check();
      await tools.send();
      const card = tools.runner.getByTestId('task-card');
      await expect(card.getByTestId('task-status')).toHaveText('working');
      await card.getByTestId('task-cancel').click();
      await expect(card.getByTestId('task-status')).toHaveText('cancelled');
      await expect(tools.runner.getByTestId('cancel')).toBeHidden();
      await new AppPage(page).showOnly('method:tasks/cancel');
      await expect(page.getByTestId('timeline-row').first()).toBeVisible();
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
});
