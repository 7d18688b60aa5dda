import { describe, expect, it } from 'vitest';
import { encodeValue, expandTemplate, parseTemplate, templateProblems, templateVariables, type TemplateValue } from './uriTemplate.js';

// The example variables of RFC 6570 §3.2.
const RFC: Record<string, TemplateValue> = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
};

const cases: [string, string][] = [
  // §3.2.1 variable expansion
  ['{count}', 'one,two,three'],
  ['{count*}', 'one,two,three'],
  ['{/count}', '/one,two,three'],
  ['{/count*}', '/one/two/three'],
  ['{;count}', ';count=one,two,three'],
  ['{;count*}', ';count=one;count=two;count=three'],
  ['{?count}', '?count=one,two,three'],
  ['{?count*}', '?count=one&count=two&count=three'],
  ['{&count*}', '&count=one&count=two&count=three'],
  // §3.2.2 simple string expansion
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  // §3.2.3 reserved expansion
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['O{+undef}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  // §3.2.4 fragment expansion
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  // §3.2.5 label expansion
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  // §3.2.6 path segment expansion
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  // §3.2.7 path-style parameter expansion
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  // §3.2.8 form-style query expansion
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  // §3.2.9 form-style query continuation
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

describe('expandTemplate (RFC 6570 §3.2 examples)', () => {
  it.each(cases)('%s → %s', (template, expected) => {
    expect(expandTemplate(template, RFC)).toBe(expected);
  });

  it('expands the MCP demo template', () => {
    expect(expandTemplate('greeting://{name}', { name: 'Ada' })).toBe('greeting://Ada');
    expect(expandTemplate('greeting://{name}', { name: 'Ada Lovelace/1' })).toBe('greeting://Ada%20Lovelace%2F1');
    expect(expandTemplate('greeting://{name}', {})).toBe('greeting://');
  });

  it('percent-encodes non-ASCII as UTF-8, and counts prefixes in characters', () => {
    expect(expandTemplate('{x}', { x: 'é' })).toBe('%C3%A9');
    expect(expandTemplate('{x:2}', { x: '😀😀😀' })).toBe('%F0%9F%98%80%F0%9F%98%80');
    expect(expandTemplate('{+x}', { x: 'a%20b%zz' })).toBe('a%20b%25zz');
  });

  it('keeps a malformed expression as written', () => {
    expect(expandTemplate('a{!x}b', { x: '1' })).toBe('a{!x}b');
    expect(expandTemplate('a{x', { x: '1' })).toBe('a{x');
    expect(expandTemplate('a{}b', {})).toBe('a{}b');
  });

  it('does not read inherited properties as values', () => {
    expect(expandTemplate('{toString}', {})).toBe('');
  });

  it('percent-encodes literal characters not allowed in a URI', () => {
    expect(expandTemplate('a b{x}', { x: '1' })).toBe('a%20b1');
  });
});

describe('templateVariables', () => {
  it('lists each variable once, in order, with its operator and modifiers', () => {
    expect(templateVariables('file:///{+path}{?q,lang}{&q}{#frag:3}{/seg*}')).toEqual([
      { name: 'path', operator: '+', explode: false },
      { name: 'q', operator: '?', explode: false },
      { name: 'lang', operator: '?', explode: false },
      { name: 'frag', operator: '#', explode: false, prefix: 3 },
      { name: 'seg', operator: '/', explode: true },
    ]);
  });

  it('handles every operator and a template without variables', () => {
    expect(templateVariables('x{a}{+b}{#c}{.d}{/e}{;f}{?g}{&h}').map((v) => `${v.operator}${v.name}`)).toEqual([
      'a',
      '+b',
      '#c',
      '.d',
      '/e',
      ';f',
      '?g',
      '&h',
    ]);
    expect(templateVariables('info://server-info')).toEqual([]);
  });

  it('skips malformed expressions and reports them', () => {
    expect(templateVariables('{a b}{ok}{x:0}{y:10000}{|z}')).toEqual([{ name: 'ok', operator: '', explode: false }]);
    expect(templateProblems('{a b}{ok}')).toHaveLength(1);
    expect(templateProblems('{ok}')).toEqual([]);
  });

  it('accepts dotted and percent-encoded names', () => {
    expect(templateVariables('{a.b,c%20d}').map((v) => v.name)).toEqual(['a.b', 'c%20d']);
    expect(parseTemplate('{a..b}')[0]?.kind).toBe('invalid');
  });
});

describe('encodeValue', () => {
  it('passes only unreserved characters in simple expansion', () => {
    expect(encodeValue("AZaz09-._~:/?#[]@!$&'()*+,;=%", false)).toBe('AZaz09-._~%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25');
  });
  it('also passes reserved characters and %XX triplets in reserved expansion', () => {
    expect(encodeValue("a:/?#[]@!$&'()*+,;=%41%4 <>", true)).toBe("a:/?#[]@!$&'()*+,;=%41%254%20%3C%3E");
  });
});
