import { describe, expect, it } from 'vitest';
import { configToFields, fieldsToConfig, parseArgsField, parseEnvField, parseSecretsField } from './parseConfig.js';

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

  it('reads the values marked as secret, one per line, and the inherit option', () => {
    expect(parseSecretsField('sk-1\n\n  \n pass word \nsk-1')).toEqual(['sk-1', ' pass word ']);
    expect(fieldsToConfig({ command: 'node', args: '', env: '', cwd: '', secrets: 'sk-1', inheritEnv: true }).config).toEqual({
      command: 'node',
      args: [],
      env: {},
      inheritEnv: true,
      secrets: ['sk-1'],
    });
    expect(fieldsToConfig({ command: 'node', args: '', env: '', cwd: '', secrets: '\n', inheritEnv: false }).config).toEqual({
      command: 'node',
      args: [],
      env: {},
    });
  });
});

describe('configToFields', () => {
  it('gives the fields that read back into the same config', () => {
    const config = {
      command: 'node',
      args: ['s.js', 'a b'],
      env: { A: '1', TOKEN: 'x=y' },
      cwd: '/srv',
      secrets: ['x=y'],
      inheritEnv: true,
    };
    expect(configToFields(config)).toEqual({
      command: 'node',
      args: 's.js\na b',
      env: 'A=1\nTOKEN=x=y',
      cwd: '/srv',
      secrets: 'x=y',
      inheritEnv: true,
    });
    expect(fieldsToConfig(configToFields(config)).config).toEqual(config);
    expect(configToFields({ command: 'x', args: [], env: {} })).toEqual({
      command: 'x',
      args: '',
      env: '',
      cwd: '',
      secrets: '',
      inheritEnv: false,
    });
  });
});
