/** Locators and actions for the shell: the connect form, the connections and the live log. */
import { expect, type Locator, type Page } from '@playwright/test';

export type FlowName = 'Handshake' | 'Stateless' | 'Auto';

export class AppPage {
  readonly log: Locator;
  readonly rows: Locator;
  readonly connections: Locator;

  constructor(readonly page: Page) {
    this.log = page.getByTestId('log');
    this.rows = page.getByTestId('log-row');
    this.connections = page.getByTestId('connection');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('socket-status')).toHaveText('bridge connected');
  }

  /**
   * Connects with the prefilled server, or the one given (command, then one arg per line; a
   * missing command keeps the prefilled one). `launchOnly` starts the server and sends nothing.
   */
  async connect(flow: FlowName, server?: { command?: string; args: string[] }, options: { launchOnly?: boolean } = {}): Promise<Locator> {
    if (server) {
      if (server.command !== undefined) await this.page.getByLabel('Command').fill(server.command);
      await this.page.getByLabel(/^Arguments/).fill(server.args.join('\n'));
    }
    await this.page.getByRole('radio', { name: flow }).check();
    await this.page.getByRole('checkbox', { name: /^Send the opening requests/ }).setChecked(!options.launchOnly);
    const before = await this.connections.count();
    await this.page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(this.connections).toHaveCount(before + 1);
    // Newest connection is listed first.
    return this.connections.first();
  }

  /** A connection's card by its id, wherever it sits in the list. */
  card(id: string): Locator {
    return this.page.locator(`[data-testid="connection"][data-conn="${id}"]`);
  }

  /** The pid a running connection's card shows. */
  async pid(conn: Locator): Promise<number> {
    await expect(conn.getByTestId('conn-status')).toContainText(/pid \d+/);
    return Number(/pid (\d+)/.exec((await conn.getByTestId('conn-status').textContent()) ?? '')?.[1]);
  }

  /** Shows only one connection's events in the log. */
  async focus(conn: Locator): Promise<string> {
    const id = (await conn.getAttribute('data-conn')) ?? '';
    await this.page.getByLabel('Connection', { exact: true }).selectOption(id);
    return id;
  }

  /** Writes one line to a connection's stdin through its card, exactly as given. */
  async sendRaw(conn: Locator, line: string): Promise<void> {
    await conn.getByLabel(/^Send a raw line/).fill(line);
    await conn.getByRole('button', { name: 'Send line' }).click();
  }

  badge(text: string | RegExp): Locator {
    return this.page.getByTestId('log-badge').filter({ hasText: text });
  }

  async filter(text: string): Promise<void> {
    await this.page.getByLabel('Filter the log').fill(text);
  }

  async selectRow(row: Locator): Promise<Locator> {
    await row.click();
    return this.page.getByTestId('event-detail');
  }
}
