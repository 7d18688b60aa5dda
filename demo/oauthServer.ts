// The demo HTTP server behind the demo authorization server, started by hand (npm run demo:oauth):
//
//   node dist/node/demo/oauthServer.js [--variant ok|wrong-resource|no-pkce|no-metadata]
//        [--no-registration] [--client-id ID [--client-secret SECRET] [--client-auth basic|post|none]]
//        [--step-up] [--flow handshake|stateless|both]
//
// It prints `listening on http://127.0.0.1:PORT/mcp` (the URL to connect to) and the
// authorization server's issuer on stdout. It needs the repository's dev dependencies
// (oidc-provider), so it is not part of the published package.

import { parseArgs } from 'node:util';

import { HTTP_FLOWS, type HttpFlow } from './httpServe.js';
import type { ClientAuthMethod, PreRegisteredClient } from './oauth/authServer.js';
import { PROTECTED_DEMO_VARIANTS, startProtectedDemo, type ProtectedDemoVariant } from './oauth/protectedDemo.js';

const USAGE = `usage: oauthServer.js [--variant ${PROTECTED_DEMO_VARIANTS.join('|')}] [--no-registration]
       [--client-id ID [--client-secret SECRET] [--client-auth basic|post|none]] [--step-up] [--flow ${HTTP_FLOWS.join('|')}]`;

const AUTH_METHODS: Record<string, ClientAuthMethod> = { basic: 'client_secret_basic', post: 'client_secret_post', none: 'none' };

function fail(message: string): never {
  process.stderr.write(`oauthServer: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) fail(`--${name} must be one of ${allowed.join(', ')}, not ${value}`);
  return value as T;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      variant: { type: 'string' },
      'no-registration': { type: 'boolean', default: false },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'client-auth': { type: 'string' },
      'step-up': { type: 'boolean', default: false },
      flow: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const variant = oneOf<ProtectedDemoVariant>('variant', parsed.variant, PROTECTED_DEMO_VARIANTS, 'ok');
const flow = oneOf<HttpFlow>('flow', parsed.flow, HTTP_FLOWS, 'both');
let preRegistered: PreRegisteredClient | undefined;
if (parsed['client-id'] !== undefined) {
  const secret = parsed['client-secret'];
  const authMethod = AUTH_METHODS[parsed['client-auth'] ?? (secret === undefined ? 'none' : 'basic')];
  if (authMethod === undefined) fail('--client-auth must be one of basic, post, none');
  if (authMethod !== 'none' && secret === undefined) fail(`--client-auth ${parsed['client-auth']} needs --client-secret`);
  preRegistered = { clientId: parsed['client-id'], clientSecret: secret, authMethod };
} else if (parsed['client-secret'] !== undefined || parsed['client-auth'] !== undefined)
  fail('--client-secret and --client-auth need --client-id');

const demo = await startProtectedDemo({
  variant,
  flow,
  registration: !parsed['no-registration'],
  preRegistered,
  toolScopes: parsed['step-up'] ? { add: ['mcp:admin'] } : undefined,
  onerror: (error) => console.error(`oauthServer: ${error.message}`),
});
process.stdout.write(`listening on ${demo.mcpUrl}\nauthorization server ${demo.issuer}\n`);
console.error(
  `oauthServer: variant ${variant}, registration ${parsed['no-registration'] ? 'off' : 'on'}` +
    `${preRegistered ? `, pre-registered client ${preRegistered.clientId}` : ''}${parsed['step-up'] ? ', add needs mcp:admin' : ''}`,
);

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  demo.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
