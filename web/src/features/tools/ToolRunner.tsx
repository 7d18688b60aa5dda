import { lazy, Suspense, useState } from 'react';
import { encodeFrame } from '../../../../protocol/flows.js';
import { useStore, useSnapshot } from '../../session/StoreContext.js';
import { ArgsEditor, type ArgsMode } from '../explore/ArgsEditor.js';
import { RunControls } from '../explore/RunControls.js';
import { ArgsProblems } from '../explore/ArgsProblems.js';
import { useArgsCheck } from '../explore/useArgsCheck.js';
import { useRun } from '../explore/useRun.js';
import { ResultView } from '../results/ResultView.js';
import { draftKey, loadDraft, saveDraft } from './drafts.js';
import { displayName, hintBadges, type Tool } from '../../../../protocol/toolInfo.js';
import { toolTaskMode } from '../../../../protocol/tasks.js';
import { TaskCard } from './TaskCard.js';
import { appResourceUri } from '../../../../protocol/apps/appTool.js';

// The MCP Apps host (the extension's bridge and its SDK) loads with the first app, not with the page.
const AppFrame = lazy(() => import('../apps/AppFrame.js').then((m) => ({ default: m.AppFrame })));

export function ToolRunner({
  conn,
  tool,
  serverCapabilities,
  dark,
  onReadResource,
  tools = [],
}: {
  conn: string;
  tool: Tool;
  /** The connection's tools as listed: which an app the tool renders may call back. */
  tools?: readonly Tool[];
  /** What the server declared: whether it takes tool calls as tasks. */
  serverCapabilities: unknown;
  dark: boolean;
  onReadResource: (uri: string) => void;
}) {
  const store = useStore();
  useSnapshot(); // re-render as events arrive: raw answers and exact lines come from the model
  const key = draftKey(conn, tool.name);
  const [args, setArgsState] = useState<unknown>(() => loadDraft(key) ?? {});
  const [mode, setMode] = useState<ArgsMode>('form');
  const session = store.client(conn);
  const params = (): Record<string, unknown> => ({ name: tool.name, arguments: args ?? {} });
  const [raw, setRaw] = useState(() => (session ? encodeFrame(session.preview('raw-1', 'tools/call', params())) : ''));
  const run = useRun(conn, 'tools/call', tool.name);
  const check = useArgsCheck(tool.inputSchema, args, mode);
  const taskMode = session ? toolTaskMode(session.flow, serverCapabilities, tool) : 'forbidden';
  const [taskAsked, setTaskAsked] = useState(false);
  // A tool whose taskSupport is required always runs as a task.
  const asTask = taskMode === 'required' || (taskMode === 'optional' && taskAsked);
  const appUri = appResourceUri(tool);

  const setArgs = (value: unknown): void => {
    setArgsState(value);
    saveDraft(key, value);
  };
  const switchMode = (next: ArgsMode): void => {
    // Entering raw mode starts from the request the form would send.
    if (next === 'raw' && session) setRaw(encodeFrame(session.preview(`raw-${Date.now() % 100000}`, 'tools/call', params())));
    setMode(next);
  };
  const send = (): void => {
    if (mode === 'raw') run.sendRaw(raw);
    else if (check.beforeSend()) run.run(params(), asTask);
  };
  const sendAnyway = (): void => {
    check.sentAnyway();
    run.run(params(), asTask);
  };

  return (
    <section className="runner" aria-label={`Tool ${tool.name}`} data-testid="tool-runner">
      <header>
        <h3>
          {displayName(tool)} <code className="status">{tool.name}</code>
        </h3>
        <div className="row">
          {hintBadges(tool).map((b) => (
            <span key={b.label} className={`pill hint-${b.tone}`}>
              {b.label}
            </span>
          ))}
        </div>
        {tool.description && <p className="description">{tool.description}</p>}
      </header>
      <ArgsEditor
        id={`tool-${tool.name}`}
        schema={tool.inputSchema}
        value={args}
        onChange={setArgs}
        mode={mode}
        onMode={switchMode}
        raw={raw}
        onRaw={setRaw}
        onSubmit={send}
        dark={dark}
        check={check.binding}
      />
      <ArgsProblems summary={check.summary} onSendAnyway={sendAnyway} />
      {check.unchecked && (
        <p className="status" data-testid="args-unchecked">
          The arguments cannot be checked before sending: the inputSchema cannot be used ({check.unchecked}).
        </p>
      )}
      {taskMode !== 'forbidden' && mode !== 'raw' && (
        <label className="inline" title={taskMode === 'required' ? 'The tool requires it (execution.taskSupport: required)' : undefined}>
          <input
            type="checkbox"
            checked={asTask}
            disabled={taskMode === 'required'}
            onChange={(e) => setTaskAsked(e.target.checked)}
            data-testid="run-as-task"
          />
          Run as task{taskMode === 'required' && ' (required)'}
        </label>
      )}
      <RunControls run={run} onSend={send} sendLabel={mode === 'raw' ? 'Send line' : `Call ${tool.name}`} disabled={!session} />
      {run.task && <TaskCard task={run.task} running={run.running} onCancel={run.cancel} />}
      {run.error && <p className="error">{run.error.message}</p>}
      {run.rawSent !== undefined && !run.result && (
        <p className="status" role="status" data-testid="raw-sent">
          Sent exactly as typed.{' '}
          {run.rawId === undefined
            ? 'It is not a request with an id, so no answer is awaited; watch the log.'
            : `Waiting for an answer to id ${JSON.stringify(run.rawId)}…`}
        </p>
      )}
      {run.result && (
        <ResultView
          outcome={run.result.outcome}
          conn={conn}
          ids={run.result.ids}
          method="tools/call"
          outputSchema={tool.outputSchema}
          onReadResource={onReadResource}
        />
      )}
      {appUri !== undefined && run.result?.outcome.kind === 'result' && run.result.outcome.result.isError !== true && (
        <Suspense fallback={<p className="status">Loading the MCP Apps host…</p>}>
          <AppFrame
            key={String(run.result.outcome.id)}
            conn={conn}
            tool={tool}
            uri={appUri}
            tools={tools}
            args={(args ?? {}) as Record<string, unknown>}
            result={run.result.outcome.result}
            {...(typeof run.result.outcome.id === 'string' || typeof run.result.outcome.id === 'number'
              ? { requestId: run.result.outcome.id }
              : {})}
            dark={dark}
          />
        </Suspense>
      )}
    </section>
  );
}
