/** The marker standing in for a value wherever a config leaves the process host. */
export const REDACTED = '[redacted]';

export type RedactionRule = 'env' | 'flag' | 'header' | 'assignment' | 'url' | 'json' | 'marked';
