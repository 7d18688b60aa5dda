/**
 * The OAuth flags of `call` and `check --url`: what they put in the connection's `oauth`
 * settings, and the mistakes that stop the command with exit 2 before anything is sent (the
 * secret's variable unset, named; a secret on the command line; a port that is none).
 */
import { describe, expect, it } from 'vitest';
import { runLens, STACK_TRACE } from '../testing/runCli.js';
import { planCall } from './call.js';

const URL = 'http://127.0.0.1:9/mcp';

describe('the --oauth-* flags', () => {
  it('fill the connection’s oauth settings, the secret read from the variable and marked secret', () => {
    const plan = planCall(
      [
        '--method',
        'tools/list',
        '--url',
        URL,
        '--oauth-client-id',
        'lens-cli',
        '--oauth-client-secret-env',
        'LENS_SECRET',
        '--oauth-scope',
        ' mcp:read   mcp:write ',
        '--oauth-callback-port',
        '8765',
        '--no-browser',
        '--oauth-remember',
      ],
      { LENS_SECRET: 's3cr3t-value' },
    );
    expect(plan.server).toMatchObject({
      transport: 'http',
      url: URL,
      oauth: { clientId: 'lens-cli', clientSecret: 's3cr3t-value', scope: 'mcp:read mcp:write', remember: true },
      secrets: ['s3cr3t-value'],
    });
    expect(plan.values['no-browser']).toBe(true);
  });

  it('without them the settings are absent (a 401 still starts the flow, with discovery and registration)', () => {
    const plan = planCall(['--method', 'tools/list', '--url', URL], {});
    expect(plan.server).not.toHaveProperty('oauth');
  });

  it('call: exit 2 naming the unset variable of --oauth-client-secret-env', async () => {
    const run = await runLens([
      'call',
      '--method',
      'tools/list',
      '--url',
      URL,
      '--oauth-client-id',
      'c',
      '--oauth-client-secret-env',
      'LENS_UNSET_SECRET_42',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stderr).toContain('--oauth-client-secret-env LENS_UNSET_SECRET_42: $LENS_UNSET_SECRET_42 is not set');
  });

  it('check: a secret on the command line is refused without being echoed; a port that is none is named', async () => {
    const secret = await runLens(['check', '--url', URL, '--oauth-client-id', 'c', '--oauth-client-secret', 'typed-secret-1234']);
    expect(secret.code).toBe(2);
    expect(secret.stderr).toContain('a client secret is never taken on the command line');
    expect(secret.stderr).not.toContain('typed-secret-1234');
    const port = await runLens(['check', '--url', URL, '--oauth-callback-port', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--oauth-callback-port must be a port from 1 to 65535, got "70000"');
    const both = await runLens(['check', '--url', URL, '--bearer-token', 'tok', '--oauth-scope', 'a']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('the --oauth-* flags and a bearer token (or Authorization header): give one of them');
  });

  it('the usage of call and check lists them', async () => {
    for (const command of ['call', 'check']) {
      const help = await runLens([command, '--help']);
      for (const flag of [
        '--oauth-client-id',
        '--oauth-client-secret-env',
        '--oauth-scope',
        '--oauth-callback-port',
        '--no-browser',
        '--oauth-remember',
      ])
        expect(help.stdout).toContain(flag);
    }
  });
});
