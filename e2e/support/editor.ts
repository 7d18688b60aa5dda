import { expect, type Locator, type Page } from '@playwright/test';

/** Types into Monaco as a user would: focus it, select everything, type the new text. */
export async function replaceEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click();
  await expect(editor.locator('.monaco-editor.focused')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await expect(editor.locator('.view-lines')).toHaveText(text.replaceAll(' ', '\u00a0'));
}
