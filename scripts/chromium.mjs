// Which Chromium the e2e specs and the browser benchmarks drive, and how: CHROMIUM_PATH when
// set; else Debian's headless shell (the same engine without the browser's own UI, so a run
// costs about 40% less CPU: what a 2-core machine has least of), then Debian's full chromium;
// Playwright's own browser elsewhere (undefined).
import fs from 'node:fs';

export function chromiumExecutable() {
  return (
    process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file))
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
