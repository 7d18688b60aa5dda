/** Locators and actions for the shell: the connect form, the connections and the timeline. */
import { expect, type Locator, type Page } from '@playwright/test';

export type FlowName = 'Handshake' | 'Stateless' | 'Auto';

export class AppPage {
  /** The timeline's list: one row per exchange (a request and what became of it), notification, stderr line… */
  readonly list: Locator;
  readonly rows: Locator;
  readonly stats: Locator;
  readonly connections: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('timeline-list');
    this.rows = page.getByTestId('timeline-row');
    this.stats = page.getByTestId('timeline-stats');
    this.connections = page.getByTestId('connection');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('socket-status')).toHaveText('bridge connected');
  }

  /** Switches the connect form to a remote server and fills in its URL (connect() then connects to it). */
  async fillUrl(url: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'URL (Streamable HTTP)' }).check();
    await this.page.getByLabel('URL of the MCP endpoint').fill(url);
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

  /** Shows only one connection's rows in the timeline, through its connection facet (a card, or an id). */
  async focus(conn: Locator | string): Promise<string> {
    const id = typeof conn === 'string' ? conn : ((await conn.getAttribute('data-conn')) ?? '');
    await this.showTimeline();
    const facet = this.page.getByTestId('timeline-facet-conn');
    await facet.click();
    const menu = this.page.getByRole('group', { name: 'Connection filter' });
    // Another step may have chosen an earlier connection: this one only.
    if ((await facet.getAttribute('data-chosen')) !== '') await menu.getByRole('button', { name: 'Clear' }).click();
    await menu.locator(`[data-testid="timeline-facet-value"][data-value="${id}"] input`).check();
    await expect(facet).toHaveAttribute('data-chosen', id);
    await this.page.keyboard.press('Escape');
    return id;
  }

  async showTimeline(): Promise<void> {
    const tab = this.page.getByRole('tab', { name: 'Timeline' });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect(this.page.getByTestId('timeline')).toBeVisible();
  }

  /**
   * Narrows the timeline the way a bookmarked link does (the view in the URL fragment), for
   * filters the facet menus cannot offer before the rows exist: `kind:invalid,notification;dir:in`.
   */
  async showOnly(view: string): Promise<void> {
    await this.showTimeline();
    await this.page.evaluate((tl) => {
      window.location.hash = `tl=${tl}`;
    }, view);
  }

  /** The row of a request (or a notification) by its method, and its JSON-RPC id when given. */
  row(method: string, id?: number | string): Locator {
    const idPart = id === undefined ? '' : `[data-id="${typeof id === 'string' ? JSON.stringify(id).replaceAll('"', '\\"') : id}"]`;
    return this.page.locator(`[data-testid="timeline-row"][data-method="${method}"]${idPart}`);
  }

  /** Writes one line to a connection's stdin through its card, exactly as given (the card's raw box opened first). */
  async sendRaw(conn: Locator, line: string): Promise<void> {
    const box = conn.getByLabel(/^Send a raw (line|message)/);
    if (!(await box.isVisible())) await conn.getByRole('button', { name: /^Raw (line|message)…$/ }).click();
    await box.fill(line);
    await conn.getByRole('button', { name: 'Send line' }).click();
  }

  async filter(text: string): Promise<void> {
    await this.page.getByTestId('timeline-search').fill(text);
  }

  /**
   * Opens a row's detail. A live list may redraw under the click (a search still applying, events
   * still arriving), so the click is made again until the detail shows that row.
   */
  async selectRow(row: Locator): Promise<Locator> {
    const detail = this.page.getByTestId('detail-pane');
    await expect(async () => {
      const id = (await row.getAttribute('data-row')) ?? '';
      const shown = (await detail.count()) > 0 ? await detail.getAttribute('data-row') : null;
      if (shown !== id) await row.click();
      await expect(detail).toHaveAttribute('data-row', id, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    return detail;
  }
}
