// Types for scripts/chromium.mjs, which e2e/playwright.config.ts imports.
export function chromiumExecutable(): string | undefined;
export const CHROMIUM_ARGS: string[];
