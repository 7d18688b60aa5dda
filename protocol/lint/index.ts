/** Protocol lint: every message checked against the revision in use on its connection. */
export { Linter } from './linter.js';
export { RULES, ruleInfo, type Finding, type RuleInfo, type Severity } from './rules.js';
