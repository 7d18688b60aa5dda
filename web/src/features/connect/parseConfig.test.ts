import { describe, expect, it } from 'vitest';
import { fieldsToConfig, parseArgsField, parseEnvField } from './parseConfig.js';

describe('the connect form fields', () => {
  it('takes one argument per line, literally: no shell, no quoting', () => {
    expect(parseArgsField('server.js\n; rm -rf ~\n$(id)\n')).toEqual(['server.js', '; rm -rf ~', '$(id)']);
    expect(parseArgsField('')).toEqual([]);
    expect(parseArgsField('a b')).toEqual(['a b']);
  });

  it('reads NAME=value lines, skipping blanks and comments, and names a bad line', () => {
    expect(parseEnvField('A=1\n\n# note\nB=x=y')).toEqual({ env: { A: '1', B: 'x=y' }, errors: [] });
    expect(parseEnvField('oops').errors).toEqual(['env line 1: expected NAME=value']);
  });

  it('needs a command', () => {
    expect(fieldsToConfig({ command: ' ', args: '', env: '', cwd: '' }).errors).toEqual(['a command is required']);
    expect(fieldsToConfig({ command: 'node', args: 's.js', env: '', cwd: ' /tmp ' }).config).toEqual({
      command: 'node',
      args: ['s.js'],
      env: {},
      cwd: '/tmp',
    });
  });
});
