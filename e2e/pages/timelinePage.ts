/** Locators and actions for the Timeline: the list of exchanges, its facets and search, the waterfall and the detail pane. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { RowKind, RowStatus } from '../../protocol/timeline/contract.js';

export type Facet = 'conn' | 'direction' | 'kind' | 'method' | 'status';

/** What a row says about itself in its data attributes (contract.ts names its values). */
export interface RowMatch {
  kind?: RowKind;
  status?: RowStatus;
  conn?: string;
  method?: string;
  row?: number;
}

export class TimelinePage {
  readonly panel: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly stats: Locator;
  readonly search: Locator;
  readonly detail: Locator;
  readonly waterfall: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('timeline');
    this.list = page.getByTestId('timeline-list');
    this.rows = this.list.getByTestId('timeline-row');
    this.stats = page.getByTestId('timeline-stats');
    this.search = page.getByTestId('timeline-search');
    this.detail = page.getByTestId('detail-pane');
    this.waterfall = page.getByTestId('waterfall');
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Timeline', exact: true }).click();
    await expect(this.panel).toBeVisible();
  }

  /** Rows shown now whose attributes match every field given. */
  row(match: RowMatch): Locator {
    const attrs: string[] = [];
    if (match.kind !== undefined) attrs.push(`[data-kind="${match.kind}"]`);
    if (match.status !== undefined) attrs.push(`[data-status="${match.status}"]`);
    if (match.conn !== undefined) attrs.push(`[data-conn="${match.conn}"]`);
    if (match.method !== undefined) attrs.push(`[data-method="${match.method}"]`);
    if (match.row !== undefined) attrs.push(`[data-row="${match.row}"]`);
    return this.list.locator(`[data-testid="timeline-row"]${attrs.join('')}`);
  }

  /** The stats as numbers: rows passing the filter, rows, events indexed, events in the source. */
  async figures(): Promise<{ matching: number; rows: number; indexed: number; total: number }> {
    const read = async (name: string): Promise<number> => Number(await this.stats.getAttribute(`data-${name}`));
    return { matching: await read('matching'), rows: await read('rows'), indexed: await read('indexed'), total: await read('total') };
  }

  /** Waits until every event the source holds is indexed, and at least `events` of them. */
  async indexedAll(events = 1): Promise<void> {
    await expect
      .poll(async () => {
        const f = await this.figures();
        return f.indexed === f.total && f.total >= events;
      })
      .toBe(true);
  }

  /** Waits until the filter lets every row through. */
  async unfiltered(): Promise<void> {
    await expect
      .poll(async () => {
        const f = await this.figures();
        return f.matching === f.rows;
      })
      .toBe(true);
  }

  facet(name: Facet): Locator {
    return this.page.getByTestId(`timeline-facet-${name}`);
  }

  /** Toggles one value of a facet: a <select> option, else the control labelled with it. */
  async toggleFacet(name: Facet, value: string): Promise<void> {
    const facet = this.facet(name);
    if ((await facet.evaluate((el) => el.tagName)) === 'SELECT') {
      const selected = await facet.evaluate((el) => [...(el as HTMLSelectElement).selectedOptions].map((o) => o.value));
      await facet.selectOption(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
      return;
    }
    const checkbox = facet.getByRole('checkbox', { name: value, exact: true });
    if ((await checkbox.count()) > 0) await checkbox.click();
    else await facet.getByRole('button', { name: value, exact: true }).click();
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** Opens a row in the detail pane. */
  async select(row: Locator): Promise<Locator> {
    await row.click();
    await expect(this.detail).toBeVisible();
    return this.detail;
  }

  /** The exact line the detail pane shows. */
  get exactLine(): Locator {
    return this.detail.getByTestId('detail-line');
  }

  /** Every value of one attribute over the rows shown now. */
  async attrs(name: string, rows: Locator = this.rows): Promise<string[]> {
    return rows.evaluateAll((els, attr) => els.map((el) => el.getAttribute(attr) ?? ''), name);
  }
}
