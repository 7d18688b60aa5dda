import type { Page } from '@playwright/test';

/** Every alert, confirm or prompt the page opens, dismissed and kept: a server's markup that ran would show here. */
export function collectDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
