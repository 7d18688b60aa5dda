/** Saved scenarios, in localStorage; the default one is always there. */
import { DEFAULT_SCENARIO, scenarioSchema, type Scenario } from '../../../../protocol/compare.js';

const KEY = 'mcp-lens.scenarios';

export function loadScenarios(): Scenario[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    const saved = Array.isArray(value)
      ? value
          .map((v) => scenarioSchema.safeParse(v))
          .filter((r) => r.success)
          .map((r) => r.data)
      : [];
    return [DEFAULT_SCENARIO, ...saved.filter((s) => s.name !== DEFAULT_SCENARIO.name)];
  } catch {
    return [DEFAULT_SCENARIO];
  }
}

export function saveScenario(scenario: Scenario): Scenario[] {
  const others = loadScenarios().filter((s) => s.name !== scenario.name && s.name !== DEFAULT_SCENARIO.name);
  localStorage.setItem(KEY, JSON.stringify([...others, scenario]));
  return loadScenarios();
}
