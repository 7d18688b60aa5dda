/**
 * The scenario, edited with the same schema form and JSON editor as tool arguments. The form
 * comes from the scenario's own schema, so each step is a variant to pick.
 */
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { scenarioSchema, stepLabel, type Scenario } from '../../../../protocol/compare.js';
import { ArgsEditor, type ArgsMode } from '../explore/ArgsEditor.js';

export function ScenarioEditor({ scenario, onChange, dark }: { scenario: Scenario; onChange: (s: Scenario) => void; dark: boolean }) {
  const schema = useMemo(() => z.toJSONSchema(scenarioSchema, { io: 'input' }), []);
  const [draft, setDraft] = useState<unknown>(scenario);
  const [mode, setMode] = useState<ArgsMode>('form');
  const parsed = scenarioSchema.safeParse(draft);
  const problem = parsed.success
    ? parsed.data.steps[0]?.kind !== 'connect'
      ? 'A scenario starts with a connect step.'
      : undefined
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

  const update = (value: unknown): void => {
    setDraft(value);
    const ok = scenarioSchema.safeParse(value);
    if (ok.success && ok.data.steps[0]?.kind === 'connect') onChange(ok.data);
  };

  return (
    <div className="scenario-editor" data-testid="scenario-editor">
      <ArgsEditor
        id="scenario"
        schema={schema}
        value={draft}
        onChange={update}
        mode={mode}
        onMode={setMode}
        modes={['form', 'json']}
        raw=""
        onRaw={() => undefined}
        onSubmit={() => undefined}
        dark={dark}
      />
      {problem ? (
        <p className="error" role="status">
          {problem}
        </p>
      ) : (
        <ol className="status step-list">
          {scenario.steps.map((s, i) => (
            <li key={i}>{stepLabel(s)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
