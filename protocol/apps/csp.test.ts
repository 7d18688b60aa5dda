import { describe, expect, it } from 'vitest';
import { appCsp } from './csp.js';

describe('an app’s CSP', () => {
  it('is the extension’s default when nothing is declared: no network at all', () => {
    expect(appCsp(undefined).policy).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'none'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'self'",
    );
  });

  it('maps each declared list to its directives', () => {
    const { policy, rejected } = appCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    expect(rejected).toEqual([]);
    expect(policy).toContain("connect-src 'self' https://api.example.com wss://live.example.com:8443;");
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(policy).toContain("img-src 'self' data: https://*.cdn.example.com;");
    expect(policy).toContain('frame-src https://www.youtube.com;');
    expect(policy).toContain('base-uri https://base.example.com');
  });

  it('sets aside what is no origin, so a server cannot add a keyword or a directive', () => {
    const { policy, rejected } = appCsp({
      connectDomains: ["'unsafe-eval'", 'https://a.example; script-src *', '*', 'javascript:alert(1)', 42, 'https://ok.example'],
    });
    expect(policy).toContain("connect-src 'self' https://ok.example;");
    expect(policy).not.toMatch(/unsafe-eval|script-src \*|javascript/);
    expect(rejected.map((r) => r.value)).toEqual(["'unsafe-eval'", 'https://a.example; script-src *', '*', 'javascript:alert(1)', '42']);
  });

  it('takes a csp that is not an object as declared but empty', () => {
    const { policy, rejected } = appCsp('connect everything');
    expect(policy).toContain("connect-src 'self';");
    expect(rejected).toHaveLength(1);
  });
});
