/** The connect form's text fields, read into a server config. Pure; errors name the line. */
import type { ServerConfig } from '../../../../protocol/envelope.js';

export interface ConfigFields {
  command: string;
  args: string;
  env: string;
  cwd: string;
}

/** One argument per line, kept exactly: no shell, so no quoting and no expansion. */
export function parseArgsField(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function parseEnvField(text: string): { env: Record<string, string>; errors: string[] } {
  const env: Record<string, string> = {};
  const errors: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) {
      errors.push(`env line ${i + 1}: expected NAME=value`);
      return;
    }
    env[line.slice(0, eq).trim()] = line.slice(eq + 1);
  });
  return { env, errors };
}

export function fieldsToConfig(fields: ConfigFields): { config?: ServerConfig; errors: string[] } {
  const errors: string[] = [];
  if (fields.command.trim() === '') errors.push('a command is required');
  const { env, errors: envErrors } = parseEnvField(fields.env);
  errors.push(...envErrors);
  if (errors.length > 0) return { errors };
  return {
    config: {
      command: fields.command.trim(),
      args: parseArgsField(fields.args),
      env,
      ...(fields.cwd.trim() === '' ? {} : { cwd: fields.cwd.trim() }),
    },
    errors,
  };
}
