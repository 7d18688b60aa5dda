import { describe, expect, it } from 'vitest';
import { connectRequested, withoutConnectRequest } from './connectAtStart.js';

describe('connect at start', () => {
  it('reads the flow the address asks for, and nothing else', () => {
    expect(connectRequested('#connect=auto')).toBe('auto');
    expect(connectRequested('#tl=x&connect=stateless')).toBe('stateless');
    expect(connectRequested('#connect=handshake&tour=1')).toBe('handshake');
    expect(connectRequested('#connect=sideways')).toBeUndefined();
    expect(connectRequested('#connect')).toBeUndefined();
    expect(connectRequested('#tl=connect=auto')).toBeUndefined();
    expect(connectRequested('')).toBeUndefined();
  });

  it('takes the request out of the fragment, leaving the rest as it was', () => {
    expect(withoutConnectRequest('#tl=k%3Arequest&connect=auto&view=1')).toBe('#tl=k%3Arequest&view=1');
    expect(withoutConnectRequest('#connect=auto')).toBe('');
  });
});
