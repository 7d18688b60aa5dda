/** Where a task shows outside the tool runner: the waterfall, the timeline list and detail, and the Tasks tab. */
import { expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './appPage.js';
import { TimelinePage } from './timelinePage.js';

export class TasksView {
  readonly timeline: TimelinePage;

  constructor(readonly page: Page) {
    this.timeline = new TimelinePage(page);
  }

  /** The task as the waterfall lists what it draws. */
  waterfallTask(taskId: string): Locator {
    return this.page.locator(`[data-testid="waterfall-task"][data-task="${taskId}"]`);
  }

  /** Rows of the list whose chip names this task, by method. */
  rowsOf(taskId: string, method: string): Locator {
    return this.timeline.list.locator(
      `[data-testid="timeline-row"][data-method="${method}"]:has([data-testid="task-chip"][data-task="${taskId}"])`,
    );
  }

  /** The timeline, whole and unfiltered, with the waterfall fitted to it. */
  async showTimeline(): Promise<void> {
    await new AppPage(this.page).showTimeline();
    // A filter an earlier step set (through the URL) is cleared the way a user clears it.
    const clear = this.page.getByRole('button', { name: 'Clear filters' });
    if ((await clear.count()) > 0 && (await clear.isEnabled())) await clear.click();
    await this.timeline.unfiltered();
    await this.page.getByTestId('waterfall-fit').click();
  }

  /**
   * The waterfall's span of a task: ended in `status`, with polls and `rounds` input rounds; then
   * the pointer on its bar shows its tip, and a click selects the row that created it.
   */
  async expectSpan(taskId: string, status: string, rounds: 'some' | 'none' | 'any'): Promise<void> {
    const task = this.waterfallTask(taskId);
    await expect(task).toHaveAttribute('data-status', status);
    await expect(task).toHaveAttribute('data-open', 'false');
    await expect(task).toHaveAttribute('data-polls', /^[1-9]\d*$/);
    if (rounds === 'some') await expect(task).toHaveAttribute('data-rounds', /^[1-9]\d*$/);
    if (rounds === 'none') await expect(task).toHaveAttribute('data-rounds', '0');
    await this.page.getByTestId('waterfall-fit').click();
    const t0 = Number(await task.getAttribute('data-t0'));
    const t1 = Number(await task.getAttribute('data-t1'));
    const tips = await this.timeline.spansAt((t0 + t1) / 2);
    const tip = tips.find((s) => s.text.includes(`task ${taskId}`));
    expect(tip, `the task's bar under the pointer (${tips.map((s) => s.text).join(' | ')})`).toBeDefined();
    expect(tip?.text).toContain(status);
    await this.page.mouse.click(await this.timeline.waterfallX((t0 + t1) / 2), tip?.y ?? 0);
    const creating = this.timeline.row({ row: Number(await task.getAttribute('data-row')) });
    await expect(creating).toHaveAttribute('aria-selected', 'true');
    await expect(creating.getByTestId('task-chip')).toHaveText(/^creates task /);
    const detail = await new AppPage(this.page).selectRow(creating);
    await expect(detail.getByTestId('detail-task-id')).toHaveText(taskId);
  }

  /** Every poll of the list is marked with its task; the task's detail links each, and a link selects its row. */
  async expectPollsPaired(taskId: string, method = 'tasks/get'): Promise<void> {
    const polls = this.rowsOf(taskId, method);
    await expect(polls.first()).toBeVisible();
    const detail = this.timeline.detail.getByTestId('detail-task');
    await expect(detail).toHaveAttribute('data-task', taskId);
    const links = detail.getByTestId('detail-task-poll');
    await expect(links.first()).toBeVisible();
    const target = links.filter({ hasText: method }).last();
    const row = (await target.getAttribute('data-row')) ?? '';
    await target.click();
    await expect(this.timeline.detail).toHaveAttribute('data-row', row);
    await expect(this.timeline.list.locator(`[data-testid="timeline-row"][data-row="${row}"] [data-testid="task-chip"]`)).toHaveAttribute(
      'data-task',
      taskId,
    );
  }

  async openTasksTab(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Tasks' }).click();
    const panel = this.page.getByTestId('tasks-panel');
    await expect(panel).toBeVisible();
    return panel;
  }
}
