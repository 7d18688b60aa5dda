// The authorization server's login and consent pages: a form that takes any username, then a
// page naming the client and the scopes with Allow and Deny. Plain HTML posted back, so a
// browser (Playwright) and plain fetch (completeAuthorization.ts) drive the same pages.
//
//   GET  /interaction/:uid           the page the current prompt needs (login or consent)
//   POST /interaction/:uid/login     username=…   signs in as that account
//   POST /interaction/:uid/confirm   grants every scope and resource asked for
//   POST /interaction/:uid/abort     the user said no: access_denied to the client

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';

export const INTERACTION_PREFIX = '/interaction/';

const MAX_FORM_BYTES = 16 * 1024;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}
label,input,button{display:block;margin:.5rem 0}input{font:inherit;padding:.3rem}button{font:inherit;padding:.3rem 1rem}
form.inline{display:inline-block;margin-right:1rem}</style></head>
<body><p>MCP Lens demo authorization server</p><h1>${escapeHtml(title)}</h1>
${body}</body></html>`;
}

function loginPage(uid: string, clientName: string): string {
  return page(
    'Sign in',
    `<p>${escapeHtml(clientName)} asks you to sign in. Any username will do.</p>
<form method="post" action="${INTERACTION_PREFIX}${escapeHtml(uid)}/login">
<label>Username <input name="username" autocomplete="username" required autofocus></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

function consentPage(uid: string, clientName: string, account: string, scopes: readonly string[], resources: readonly string[]): string {
  const list = (items: readonly string[]): string =>
    items.length === 0 ? '<p>(none)</p>' : `<ul>${items.map((item) => `<li><code>${escapeHtml(item)}</code></li>`).join('')}</ul>`;
  return page(
    'Allow access?',
    `<p>Signed in as <strong>${escapeHtml(account)}</strong>. ${escapeHtml(clientName)} asks for these scopes:</p>
${list(scopes)}
<p>on these resources:</p>
${list(resources)}
<form class="inline" method="post" action="${INTERACTION_PREFIX}${escapeHtml(uid)}/confirm"><button type="submit">Allow</button></form>
<form class="inline" method="post" action="${INTERACTION_PREFIX}${escapeHtml(uid)}/abort"><button type="submit">Deny</button></form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new Error('the form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}

/** A node request handler for everything under /interaction/. */
export function interactionHandler(provider: Provider) {
  const clientName = async (clientId: unknown): Promise<string> => {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    return client?.clientName ?? (typeof clientId === 'string' ? `The client ${clientId}` : 'A client');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const [uid = '', action] = path.slice(INTERACTION_PREFIX.length).split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('this sign-in is not the one in progress');
    const { prompt, params } = details;

    if (req.method === 'GET' && action === undefined) {
      const name = await clientName(params.client_id);
      if (prompt.name === 'login') return sendHtml(res, 200, loginPage(uid, name));
      if (prompt.name === 'consent') {
        const asked = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
        const resources = typeof params.resource === 'string' ? [params.resource] : stringList(params.resource);
        return sendHtml(res, 200, consentPage(uid, name, details.session?.accountId ?? '', asked, resources));
      }
      throw new Error(`unexpected prompt ${prompt.name}`);
    }
    if (req.method !== 'POST') throw new Error('not a form of this page');

    switch (action) {
      case 'login': {
        const username = (await readForm(req)).get('username')?.trim() ?? '';
        if (username === '' || username.length > 100) throw new Error('a username of 1 to 100 characters is needed');
        return provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
      }
      case 'confirm': {
        const accountId = details.session?.accountId;
        if (prompt.name !== 'consent' || accountId === undefined || typeof params.client_id !== 'string')
          throw new Error('nothing to consent to');
        const grant =
          (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: params.client_id });
        const missingScope = stringList(prompt.details.missingOIDCScope);
        if (missingScope.length > 0) grant.addOIDCScope(missingScope.join(' '));
        const missingClaims = stringList(prompt.details.missingOIDCClaims);
        if (missingClaims.length > 0) grant.addOIDCClaims(missingClaims);
        const missingResourceScopes = prompt.details.missingResourceScopes;
        if (typeof missingResourceScopes === 'object' && missingResourceScopes !== null)
          for (const [resource, scopes] of Object.entries(missingResourceScopes))
            grant.addResourceScope(resource, stringList(scopes).join(' '));
        const grantId = await grant.save();
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      case 'abort':
        return provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'the user denied access' },
          { mergeWithLastSubmission: false },
        );
      default:
        throw new Error('not a form of this page');
    }
  };

  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      const message = error instanceof Error ? error.message : String(error);
      sendHtml(res, 400, page('Sign-in failed', `<p>${escapeHtml(message)}</p>`));
    });
}
