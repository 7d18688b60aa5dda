/**
 * The first frame of every socket. A full socket learns the follower token (for the presenter's
 * "Copy follower link"), the demo server beside this bridge and the bridge's working directory; a
 * follower's is told it is read-only and never learns the full one.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HttpServerConfig, ServerConfig, WelcomeFrame } from '../protocol/envelope.js';
import { redactConfig, redactHttpConfig } from '../protocol/redact.js';
import type { Access } from './security.js';
import { VERSION } from './version.js';
import { cliWords } from './cliWords.js';

export interface WelcomeParts {
  session: string;
  /** The last event journaled, and the last of those a follower may see. */
  lastSeq: () => number;
  followerLastSeq: () => number;
  followerToken: string;
  /** The follower link on the `--followers` listener, once it listens. */
  followersUrl: () => string | undefined;
  defaultServer: ServerConfig & { label?: string | undefined };
  defaultRemote: (HttpServerConfig & { label?: string | undefined }) | undefined;
  /** The origin of the MCP Apps sandbox listener, once it listens. */
  appSandbox?: () => string | undefined;
}

export function welcomeFor(parts: WelcomeParts): (access: Access) => WelcomeFrame {
  const { session, followerToken, defaultServer, defaultRemote } = parts;
  // The demo server beside this bridge (a built one: dist/node/demo), for a tour that plays on
  // it whatever server the bridge was started with.
  const demoJs = fileURLToPath(new URL('../demo/server.js', import.meta.url));
  const demoServer = fs.existsSync(demoJs) ? { command: process.execPath, args: [demoJs] } : undefined;
  const cli = cliWords();
  return (access) => {
    const followersUrl = access === 'full' ? parts.followersUrl() : undefined;
    const appSandbox = parts.appSandbox?.();
    return {
      type: 'welcome',
      session,
      // A follower is sent only what it may see: it has caught up once it holds the last of that.
      lastSeq: access === 'full' ? parts.lastSeq() : parts.followerLastSeq(),
      // A follower cannot connect: it sees the default server as the journal would (its env
      // values, from a --config file say, and marked values masked).
      defaultServer: access === 'full' ? defaultServer : { ...redactConfig(defaultServer), label: defaultServer.label },
      ...(defaultRemote === undefined
        ? {}
        : { defaultRemote: access === 'full' ? defaultRemote : { ...redactHttpConfig(defaultRemote).config, label: defaultRemote.label } }),
      version: VERSION,
      ...(appSandbox === undefined ? {} : { appSandbox }),
      ...(access === 'full'
        ? {
            followerToken,
            ...(followersUrl === undefined ? {} : { followersUrl }),
            ...(demoServer ? { demoServer } : {}),
            ...(cli ? { cli } : {}),
            serverCwd: process.cwd(),
          }
        : { readOnly: true }),
    };
  };
}
