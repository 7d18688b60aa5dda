import { describe, expect, it } from 'vitest';
import { chooseScopes } from './scopes.js';

describe('the scopes an authorization request asks for', () => {
  it("are the challenge's when it names some, whatever the metadata lists", () => {
    expect(chooseScopes({ challenge: 'mcp:basic', resourceScopes: ['mcp:a', 'mcp:b'] }).scope).toBe('mcp:basic');
  });

  it("are all of the protected resource metadata's scopes_supported without one", () => {
    expect(chooseScopes({ resourceScopes: ['mcp:basic', 'mcp:read'] }).scope).toBe('mcp:basic mcp:read');
  });

  it('are none (no scope parameter) when neither names any', () => {
    const choice = chooseScopes({ serverScopes: ['offline_access'] });
    expect(choice.scope).toBeUndefined();
    expect(choice.why).toContain('no scope');
  });

  it('on a step-up are the union of those asked for before and the new challenge', () => {
    expect(chooseScopes({ challenge: 'mcp:write', previous: ['mcp:basic'] }).scope).toBe('mcp:basic mcp:write');
  });

  it('take offline_access only where the authorization server lists it', () => {
    expect(chooseScopes({ resourceScopes: ['mcp:basic'], serverScopes: ['mcp:basic', 'offline_access'] }).scope).toBe(
      'mcp:basic offline_access',
    );
    expect(chooseScopes({ challenge: 'mcp:basic offline_access', serverScopes: ['mcp:basic'] }).scope).toBe('mcp:basic');
  });

  it("are the user's own when the connection sets them", () => {
    expect(chooseScopes({ configured: 'custom:one', challenge: 'mcp:basic' }).scope).toBe('custom:one');
  });
});
