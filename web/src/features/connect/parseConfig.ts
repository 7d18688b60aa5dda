/** The connect form's text fields, read into a server config. Pure; errors name the line. */
import type { ServerConfig } from '../../../../protocol/envelope.js';

export interface ConfigFields {
  command: string;
  args: string;
  env: string;
  cwd: string;
  /** Values to treat as secret, one per line: redacted wherever they appear in what is recorded. */
  secrets?: string;
  /** The bridge's whole environment instead of its safe list. */
  inheritEnv?: boolean;
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
  const secrets = parseSecretsField(fields.secrets ?? '');
  return {
    config: {
      command: fields.command.trim(),
      args: parseArgsField(fields.args),
      env,
      ...(fields.cwd.trim() === '' ? {} : { cwd: fields.cwd.trim() }),
      ...(fields.inheritEnv ? { inheritEnv: true } : {}),
      ...(secrets.length > 0 ? { secrets } : {}),
    },
    errors,
  };
}

/** One value per line, exactly as typed (a secret may begin or end with a space); blank lines skipped. */
export function parseSecretsField(text: string): string[] {
  return [...new Set(text.split('\n').filter((line) => line.trim() !== ''))];
}

/** A config back into the form's fields (the bridge's default server, an imported one): the inverse of fieldsToConfig. */
export function configToFields(config: Pick<ServerConfig, 'command' | 'args' | 'env' | 'cwd' | 'secrets' | 'inheritEnv'>): ConfigFields {
  return {
    command: config.command,
    args: config.args.join('\n'),
    env: Object.entries(config.env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    cwd: config.cwd ?? '',
    secrets: (config.secrets ?? []).join('\n'),
    inheritEnv: config.inheritEnv ?? false,
  };
}
