import { describe, expect, it } from 'vitest';
import {
  decodeTextBlob,
  formatSize,
  stringRecord,
  isResource,
  isTemplate,
  matchesResource,
  metadataRows,
  readContents,
  resourceLabel,
  templateValues,
  templateVariables,
  variableHint,
} from './resourceInfo.js';
import { expandTemplate } from './uriTemplate.js';

describe('resource helpers', () => {
  it('labels by title, then name, then the URI', () => {
    expect(resourceLabel({ title: 'Server info', name: 'server-info' }, 'info://server-info')).toBe('Server info');
    expect(resourceLabel({ name: 'server-info' }, 'info://server-info')).toBe('server-info');
    expect(resourceLabel({ title: 3 }, 'info://x')).toBe('info://x');
  });

  it('tells resources and templates from malformed entries', () => {
    expect(isResource({ uri: 'a://b' })).toBe(true);
    expect(isResource({ uri: 1 })).toBe(false);
    expect(isResource(null)).toBe(false);
    expect(isTemplate({ uriTemplate: 'a://{b}' })).toBe(true);
    expect(isTemplate({ uri: 'a://b' })).toBe(false);
  });

  it('searches uri, name, title, description and mimeType', () => {
    const r = { uri: 'info://server-info', name: 'server-info', mimeType: 'application/json' };
    expect(matchesResource(r, '')).toBe(true);
    expect(matchesResource(r, 'JSON')).toBe(true);
    expect(matchesResource(r, 'nope')).toBe(false);
  });

  it('formats sizes and lists metadata as text', () => {
    expect(formatSize(12)).toBe('12 B');
    expect(formatSize(2048)).toBe('2.0 KiB');
    expect(formatSize(-1)).toBeUndefined();
    expect(metadataRows({ uri: 'a://b', name: 'b', size: 10, annotations: { audience: ['user'], priority: 0.5 } })).toEqual([
      ['uri', 'a://b'],
      ['name', 'b'],
      ['size', '10 B'],
      ['audience', 'user'],
      ['priority', '0.5'],
    ]);
  });

  it('reads contents, and says what is wrong with them', () => {
    expect(readContents({ contents: [{ uri: 'a://b', text: 'x' }] })).toEqual({ items: [{ uri: 'a://b', text: 'x' }] });
    expect(readContents({}).problem).toMatch(/no contents/);
    expect(readContents({ contents: [] }).problem).toMatch(/empty/);
    expect(readContents({ contents: ['x'] }).items).toEqual([{ value: 'x' }]);
  });
});

describe('template inputs', () => {
  it('leaves empty inputs out and splits exploded ones on commas', () => {
    const vars = templateVariables('file:///{+path}{/seg*}{?q}');
    const values = templateValues(vars, { path: 'a/b', seg: 'x,y', q: '' });
    expect(values).toEqual({ path: 'a/b', seg: ['x', 'y'] });
    expect(expandTemplate('file:///{+path}{/seg*}{?q}', values)).toBe('file:///a/b/x/y');
  });

  it('describes each variable by its expression', () => {
    const [a, b, c] = templateVariables('{+path}{/seg*}{x:3}');
    expect(a && variableHint(a)).toBe('{+path} · reserved characters kept');
    expect(b && variableHint(b)).toBe('{/seg*} · comma-separated list');
    expect(c && variableHint(c)).toBe('{x:3} · first 3 characters');
  });
});

describe('decodeTextBlob', () => {
  it('decodes text-like blobs as UTF-8', () => {
    expect(decodeTextBlob({ uri: 'a://b', mimeType: 'text/plain', blob: btoa('héllo'.replace(/é/, '\u00c3\u00a9')) })).toBe('héllo');
    expect(decodeTextBlob({ uri: 'a://b', mimeType: 'application/ld+json', blob: btoa('{}') })).toBe('{}');
  });
  it('leaves binary, unknown and malformed blobs alone', () => {
    expect(decodeTextBlob({ uri: 'a://b', mimeType: 'image/png', blob: btoa('x') })).toBeUndefined();
    expect(decodeTextBlob({ uri: 'a://b', blob: btoa('x') })).toBeUndefined();
    expect(decodeTextBlob({ uri: 'a://b', mimeType: 'text/plain', blob: '!!!' })).toBeUndefined();
    expect(decodeTextBlob({ uri: 'a://b', mimeType: 'text/plain', text: 'x' })).toBeUndefined();
  });
});

describe('stringRecord', () => {
  it('keeps only string values of a plain object', () => {
    expect(stringRecord({ a: 'x', b: 1, c: null })).toEqual({ a: 'x' });
    expect(stringRecord(['x'])).toEqual({});
    expect(stringRecord(undefined)).toEqual({});
  });
});
