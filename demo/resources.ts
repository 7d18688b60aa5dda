// The demo resources: a static JSON document about this process and a
// `greeting://{name}` template with completion for `name`.

import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';

import { serverInfoDocument, type DemoEra } from './info.js';

/** Names offered when completing the `name` variable of `greeting://{name}`. */
export const GREETING_NAMES: readonly string[] = ['Ada', 'Alan', 'Barbara', 'Grace', 'Katherine', 'Linus', 'Margaret'];

function suggestNames(prefix: string): string[] {
  const needle = prefix.toLowerCase();
  return GREETING_NAMES.filter((name) => name.toLowerCase().startsWith(needle));
}

function decodeName(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // malformed percent-encoding: show it as-is
  }
}

export function registerResources(server: McpServer, era: DemoEra): void {
  server.registerResource(
    'server-info',
    'info://server-info',
    {
      title: 'Server info',
      description: 'Name, version, protocol flow, Node version, pid and start time of this demo server process.',
      mimeType: 'application/json',
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(serverInfoDocument(era), null, 2),
        },
      ],
    }),
  );

  server.registerResource(
    'greeting',
    new ResourceTemplate('greeting://{name}', {
      list: undefined,
      complete: { name: (value) => suggestNames(value) },
    }),
    {
      title: 'Greeting',
      description: 'A friendly greeting for the given name.',
      mimeType: 'text/plain',
    },
    (uri, variables) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Hello, ${decodeName(variables['name'])}!` }],
    }),
  );
}
