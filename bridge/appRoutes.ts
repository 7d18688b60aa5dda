/**
 * The built web app: its files (precompressed where a copy exists), index.html for every other
 * GET so the app's own routes load, and a Content-Security-Policy on all of it.
 */
import path from 'node:path';
import express from 'express';
import { compressedStatic } from './staticFiles.js';

/** `appSandbox`: the MCP Apps sandbox's origin, once it listens: the one other origin the app may frame. */
export function appRoutes(staticDir: string, appSandbox: () => string | undefined = () => undefined): express.Router {
  const app = express.Router();
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(appSandbox()));
    next();
  });
  app.use(compressedStatic(staticDir));
  app.use(express.static(staticDir, { index: 'index.html', fallthrough: true }));
  app.use((req, res) => {
    if (req.method !== 'GET') {
      res.status(404).end();
      return;
    }
    // An install under a dot folder (npx's ~/.npm) is no dotfile of the app's.
    res.sendFile(path.join(staticDir, 'index.html'), { dotfiles: 'allow' });
  });
  return app;
}

function contentSecurityPolicy(appSandbox: string | undefined): string {
  // Everything the app shows comes from servers we do not trust: no inline script, no network
  // beyond this origin. 'unsafe-eval' is for ajv, which compiles JSON Schemas to functions
  // (docs/adr/0003); with no inline script allowed, injected markup still cannot run code.
  // Monaco needs inline styles and blob workers.
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    // An MCP App runs in a frame of the sandbox's origin (bridge/appSandbox.ts), never of this one.
    `frame-src 'self'${appSandbox === undefined ? '' : ` ${appSandbox}`}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
