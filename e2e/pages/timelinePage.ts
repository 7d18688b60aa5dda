/** Locators and actions for the Timeline: the list of exchanges, its facets and search, the waterfall and the detail pane. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { RowKind, RowStatus } from '../../protocol/timeline/contract.js';
import { LABEL_WIDTH } from '../../web/src/features/timeline/waterfallLayout.js';

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

  /**
   * Waits until every event the source holds is indexed, and at least `events` of them. A
   * journal read whole too: until then the rows shown may be a preview of its tail, which the
   * whole replaces, numbering its rows afresh (a selection made before would be dropped).
   */
  async indexedAll(events = 1, timeout?: number): Promise<void> {
    await expect
      .poll(
        async () => {
          const f = await this.figures();
          const complete = (await this.stats.getAttribute('data-complete')) === 'true';
          return complete && f.indexed === f.total && f.total >= events;
        },
        timeout === undefined ? {} : { timeout },
      )
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

  /**
   * Toggles one value of a facet: its button opens a menu of checkable values; the menu is
   * closed again after, and the button lists what is chosen (`data-chosen`).
   */
  async toggleFacet(name: Facet, value: string): Promise<void> {
    const button = this.facet(name);
    const chosen = ((await button.getAttribute('data-chosen')) ?? '').split(',').filter((v) => v !== '');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    const menu = this.page.locator(`#${await button.getAttribute('aria-controls')}`);
    await menu.locator(`[data-testid="timeline-facet-value"][data-value="${value}"]`).getByRole('checkbox').click();
    await button.click();
    const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    await expect(button).toHaveAttribute('data-chosen', next.join(','));
  }

  /** "Findings only", a toggle button. */
  async findingsOnly(on: boolean): Promise<void> {
    const toggle = this.page.getByTestId('timeline-findings-only');
    if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(on));
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

  /** The duration a row shows (its duration column), in ms; undefined when it shows none. */
  async durationMs(row: Locator): Promise<number | undefined> {
    const text = ((await row.getByRole('gridcell').nth(6).textContent()) ?? '').trim();
    if (text === '' || text === '…') return undefined;
    if (text === '<1 ms') return 0.5;
    const minutes = /^(\d+) min(?: (\d+) s)?$/.exec(text);
    if (minutes) return Number(minutes[1]) * 60_000 + Number(minutes[2] ?? 0) * 1000;
    const match = /^(\d+(?:\.\d+)?) (ms|s)$/.exec(text);
    if (!match) throw new Error(`not a duration: ${JSON.stringify(text)}`);
    return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  }

  /** The JSON-RPC id a row shows (its id column), as a string ("7", "during-slow"). */
  async idOf(row: Locator): Promise<string> {
    const text = ((await row.getByRole('gridcell').nth(4).textContent()) ?? '').trim();
    // A string id is shown quoted, so that "1" and 1 never look alike.
    return text.startsWith('"') ? String(JSON.parse(text)) : text;
  }

  /** The time range the waterfall shows (ms, the bridge's clock). */
  async waterfallRange(): Promise<{ t0: number; t1: number }> {
    return { t0: Number(await this.waterfall.getAttribute('data-t0')), t1: Number(await this.waterfall.getAttribute('data-t1')) };
  }

  /** Where time `t` is on the page, horizontally, in the waterfall's plot (right of the lane labels). */
  async waterfallX(t: number): Promise<number> {
    const box = await this.waterfall.boundingBox();
    if (!box) throw new Error('the waterfall is not on screen');
    const { t0, t1 } = await this.waterfallRange();
    return box.x + LABEL_WIDTH + ((t - t0) / (t1 - t0)) * (box.width - LABEL_WIDTH);
  }

  /**
   * What the waterfall says about the spans under time `t`, from top to bottom: the pointer
   * goes down the canvas at that time and each distinct tooltip is kept with where it showed.
   */
  async spansAt(t: number): Promise<Array<{ y: number; text: string }>> {
    const box = await this.waterfall.boundingBox();
    if (!box) throw new Error('the waterfall is not on screen');
    const x = await this.waterfallX(t);
    const tip = this.waterfall.getByRole('tooltip');
    const found: Array<{ y: number; text: string }> = [];
    for (let y = box.y + 1; y < box.y + box.height; y += 2) {
      await this.page.mouse.move(x, y);
      // The tooltip follows the pointer on the next render: let a frame pass before reading it.
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
      const text = (await tip.count()) > 0 ? ((await tip.textContent()) ?? '') : '';
      if (text !== '' && found.at(-1)?.text !== text) found.push({ y, text });
    }
    return found;
  }

  /** Every value of one attribute over the rows shown now. */
  async attrs(name: string, rows: Locator = this.rows): Promise<string[]> {
    return rows.evaluateAll((els, attr) => els.map((el) => el.getAttribute(attr) ?? ''), name);
  }
}
