import { useMemo, useState } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import { useStore } from '../../session/StoreContext.js';
import { expandTemplate, templateProblems } from '../../../../protocol/uriTemplate.js';
import { useRun } from '../explore/useRun.js';
import { draftKey, loadDraft, saveDraft } from '../tools/drafts.js';
import { ArgumentInput } from './ArgumentInput.js';
import { ReadResult } from './ReadResult.js';
import { Metadata } from './ResourceDetail.js';
import {
  resourceLabel,
  stringRecord,
  templateValues,
  templateVariables,
  variableHint,
  type ResourceTemplate,
} from '../../../../protocol/resourceInfo.js';
import { RunControls } from '../explore/RunControls.js';
import { SubscriptionBox } from './SubscriptionBox.js';

/** A resource template: one input per variable (with completions), the URI it builds, Read. */
export function TemplateDetail({ info, template }: { info: ConnInfo; template: ResourceTemplate }) {
  const store = useStore();
  const conn = info.conn;
  const variables = useMemo(() => templateVariables(template.uriTemplate), [template.uriTemplate]);
  const problems = useMemo(() => templateProblems(template.uriTemplate), [template.uriTemplate]);
  const key = draftKey(conn, `\u0001template\u0000${template.uriTemplate}`);
  const [inputs, setInputsState] = useState<Record<string, string>>(() => stringRecord(loadDraft(key)));
  const setInput = (name: string, value: string): void => {
    const next = { ...inputs, [name]: value };
    setInputsState(next);
    saveDraft(key, next);
  };
  const run = useRun(conn, 'resources/read', `template:${template.uriTemplate}`);
  const session = store.client(conn);
  const uri = expandTemplate(template.uriTemplate, templateValues(variables, inputs));
  const ref = useMemo(() => ({ type: 'ref/resource' as const, uri: template.uriTemplate }), [template.uriTemplate]);

  const read = (target: string): void => run.run({ uri: target });

  return (
    <section className="runner" aria-label={`Resource template ${template.uriTemplate}`} data-testid="template-detail">
      <header>
        <h3>
          {resourceLabel(template, template.uriTemplate)} <span className="pill">template</span>
        </h3>
        {typeof template.description === 'string' && <p className="description">{template.description}</p>}
      </header>
      <Metadata item={template} />
      <form
        className="arg-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          read(uri);
        }}
      >
        <fieldset>
          <legend>Variables</legend>
          {variables.length === 0 && <p className="status">This template has no variables.</p>}
          {variables.map((v) => (
            <ArgumentInput
              key={v.name}
              conn={conn}
              completionRef={ref}
              name={v.name}
              label={v.name}
              hint={variableHint(v)}
              value={inputs[v.name] ?? ''}
              onChange={(value) => setInput(v.name, value)}
              context={inputs}
            />
          ))}
          {variables.length > 0 && <p className="status">Empty variables are left out of the URI.</p>}
        </fieldset>
        {problems.length > 0 && (
          <div className="banner-box warn" role="note">
            This template is not valid RFC 6570; malformed parts are kept as written:
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="built-uri">
          <span className="status">URI</span>
          <output data-testid="built-uri" aria-label="The URI the template builds">
            {uri}
          </output>
        </div>
        <RunControls sendLabel="Read" testId="read" run={run} disabled={!session} />
      </form>
      <SubscriptionBox info={info} uri={uri} onReadAgain={() => read(uri)} reading={run.running} />
      {run.error && <p className="error">{run.error.message}</p>}
      {run.result && <ReadResult conn={conn} result={run.result} />}
    </section>
  );
}
