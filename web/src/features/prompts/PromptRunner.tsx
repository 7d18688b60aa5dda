import { useMemo, useState } from 'react';
import { useStore, useSnapshot } from '../../session/StoreContext.js';
import type { RunResult } from '../explore/useRun.js';
import { useRun } from '../explore/useRun.js';
import { draftKey, loadDraft, saveDraft } from '../tools/drafts.js';
import { ContentBlocks } from '../results/ContentBlocks.js';
import { ResultView } from '../results/ResultView.js';
import { ArgumentInput } from '../resources/ArgumentInput.js';
import { RunControls } from '../explore/RunControls.js';
import { stringRecord } from '../../../../protocol/resourceInfo.js';
import { conversation, getParams, missingRequired, promptArguments, promptLabel, type Prompt } from '../../../../protocol/promptInfo.js';

/** One prompt: a text input per argument (with completions), Get, and the messages as a conversation. */
export function PromptRunner({ conn, prompt }: { conn: string; prompt: Prompt }) {
  const store = useStore();
  const args = useMemo(() => promptArguments(prompt), [prompt]);
  const key = draftKey(conn, `\u0001prompt\u0000${prompt.name}`);
  const [values, setValuesState] = useState<Record<string, string>>(() => stringRecord(loadDraft(key)));
  const setValue = (name: string, value: string): void => {
    const next = { ...values, [name]: value };
    setValuesState(next);
    saveDraft(key, next);
  };
  const run = useRun(conn, 'prompts/get', prompt.name);
  const session = store.client(conn);
  const ref = useMemo(() => ({ type: 'ref/prompt' as const, name: prompt.name }), [prompt.name]);
  const missing = missingRequired(args, values);

  return (
    <section className="runner" aria-label={`Prompt ${prompt.name}`} data-testid="prompt-runner">
      <header>
        <h3>
          {promptLabel(prompt)} {promptLabel(prompt) !== prompt.name && <code className="status">{prompt.name}</code>}
        </h3>
        {typeof prompt.description === 'string' && <p className="description">{prompt.description}</p>}
      </header>
      <form
        className="arg-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run.run(getParams(prompt, values));
        }}
      >
        <fieldset>
          <legend>Arguments</legend>
          {args.length === 0 && <p className="status">This prompt takes no arguments.</p>}
          {args.map((a) => (
            <ArgumentInput
              key={a.name}
              conn={conn}
              completionRef={ref}
              name={a.name}
              label={a.title && a.title !== a.name ? `${a.title} (${a.name})` : a.name}
              description={a.description}
              required={a.required === true}
              value={values[a.name] ?? ''}
              onChange={(value) => setValue(a.name, value)}
              context={values}
            />
          ))}
          {args.length > 0 && <p className="status">Empty optional arguments are left out of the request.</p>}
        </fieldset>
        {missing.length > 0 && (
          <p className="status warn-text" role="note">
            Required and empty: {missing.join(', ')}. Sent as empty strings if you go ahead.
          </p>
        )}
        <RunControls sendLabel="Get" testId="get" run={run} disabled={!session} />
      </form>
      {run.error && <p className="error">{run.error.message}</p>}
      {run.result && <GetResult conn={conn} result={run.result} />}
    </section>
  );
}

function GetResult({ conn, result }: { conn: string; result: RunResult }) {
  useSnapshot(); // the exact lines come from the model as events arrive
  const outcome = result.outcome;
  return (
    <div className="get-result">
      {outcome.kind === 'result' && <Conversation result={outcome.result} />}
      <ResultView outcome={outcome} conn={conn} ids={result.ids} method="prompts/get" />
    </div>
  );
}

function Conversation({ result }: { result: Record<string, unknown> }) {
  const { messages, problem } = conversation(result);
  return (
    <section className="conversation" aria-label="Messages" data-testid="conversation">
      {typeof result.description === 'string' && (
        <p className="conversation-description" data-testid="prompt-description">
          {result.description}
        </p>
      )}
      {problem && (
        <div className="banner-box warn" role="note">
          {problem}
        </div>
      )}
      {!problem && messages.length === 0 && <p className="status">No messages.</p>}
      {messages.map((m, i) => (
        <div key={i} className={`message message-${m.side}`} data-testid="message" data-role={m.role}>
          <div className={`message-role ${m.side === 'other' ? 'bad' : ''}`}>
            {m.role}
            {m.side === 'other' && ' (not a valid role: user or assistant)'}
          </div>
          <div className="bubble">
            {m.blocks.length === 0 ? <span className="status">no content</span> : <ContentBlocks blocks={m.blocks} />}
          </div>
        </div>
      ))}
    </section>
  );
}
