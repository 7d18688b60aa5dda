/** Locators and actions for the Tools panel. */
import { expect, type Locator, type Page } from '@playwright/test';

export class ToolsPage {
  readonly runner: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.runner = page.getByTestId('tool-runner');
    this.result = page.getByTestId('result');
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Tools' }).click();
    await expect(this.page.getByTestId('tool-item').first()).toBeVisible();
  }

  async pick(title: string): Promise<void> {
    await this.page.getByTestId('tool-item').filter({ hasText: title }).first().click();
    await expect(this.runner).toBeVisible();
  }

  field(id: string): Locator {
    return this.runner.locator(`#${id}`);
  }

  async mode(name: 'Form' | 'JSON' | 'Raw line'): Promise<void> {
    await this.runner.getByRole('tab', { name }).click();
  }

  async send(): Promise<void> {
    await this.runner.getByTestId('send').click();
  }

  /** The exact request line of the last result (its first round). */
  async wireRequest(round = 0): Promise<unknown> {
    await this.result.getByTestId('show-wire').click();
    const text = await this.result.getByTestId('wire-request').nth(round).textContent();
    await this.result.getByTestId('show-wire').click();
    return JSON.parse(text ?? 'null');
  }
}
