/**
 * Questions from servers, one modal dialog at a time: elicitation (a form from its
 * requestedSchema) and sampling (answered by hand). Escape closes a dialog as "cancel". roots/list
 * never comes here: the connection's roots table answers it at once (session/roots.ts), and the
 * card edits that table.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { answerElicitation, elicitAnswer, notHandled, refusal, samplingReply } from '../../../../protocol/answers.js';
import { useStore } from '../../session/StoreContext.js';
import type { Question } from '../../session/questions.js';
import { SchemaForm } from '../../ui/SchemaForm.js';
import { ErrorBoundary } from '../../ui/ErrorBoundary.js';
import { JsonView } from '../results/Clipped.js';

export function QuestionHost() {
  const store = useStore();
  const questions = useSyncExternalStore(store.questions.subscribe, store.questions.getSnapshot);
  const question = questions[0];
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question && !dialog.open) dialog.showModal();
    if (!question && dialog.open) dialog.close();
  }, [question]);

  return (
    <dialog
      ref={ref}
      className="question modal"
      aria-label={question ? `${question.method} from ${question.conn}` : 'Question'}
      data-testid="question"
      onCancel={(e) => {
        e.preventDefault();
        if (question)
          question.answer(
            question.method === 'elicitation/create'
              ? answerElicitation(question.params, question.declared, 'cancel')
              : refusal(question.method),
          );
      }}
    >
      {question && <QuestionBody key={question.id} question={question} more={questions.length - 1} />}
    </dialog>
  );
}

function QuestionBody({ question, more }: { question: Question; more: number }) {
  const origin =
    question.via === 'server-request'
      ? `The server on ${question.conn} sent ${question.method} while a request was open (handshake flow).`
      : `The server on ${question.conn} answered input_required: it needs this before it can finish (stateless flow). Answering sends the retry.`;
  return (
    <div className="question-body">
      <p className="status">{origin}</p>
      {more > 0 && <p className="status">{more} more question(s) waiting.</p>}
      {question.method === 'elicitation/create' && <Elicitation question={question} />}
      {question.method === 'sampling/createMessage' && <Sampling question={question} />}
      {!['elicitation/create', 'sampling/createMessage'].includes(question.method) && (
        <>
          <p>This client does not know how to answer {question.method}.</p>
          <JsonView value={question.params} />
          <button type="button" onClick={() => question.answer(notHandled(question.method))}>
            Answer with -32601
          </button>
        </>
      )}
    </div>
  );
}

function Elicitation({ question }: { question: Question }) {
  const [value, setValue] = useState<unknown>({});
  const params = question.params;
  const mode = params.mode === 'url' ? 'url' : 'form';
  return (
    <>
      <h3>The server asks</h3>
      <p className="elicit-message">{String(params.message ?? '')}</p>
      <ErrorBoundary
        resetKey={question.id}
        fallback={(error) => (
          <>
            <p className="banner-box warn" role="alert">
              The requested schema cannot be shown as a form ({error.message}).
            </p>
            <ElicitButtons question={question} />
          </>
        )}
      >
        {mode === 'url' ? (
          <p>
            It asks you to visit <code>{String(params.url ?? '')}</code> (not opened automatically).
          </p>
        ) : (
          <SchemaForm
            schema={params.requestedSchema}
            value={value}
            onChange={setValue}
            onSubmit={(v) => question.answer(elicitAnswer('accept', v ?? {}))}
            idPrefix={`elicit-${question.id}`}
          >
            <ElicitButtons question={question} accept="submit" />
          </SchemaForm>
        )}
      </ErrorBoundary>
      {mode === 'url' && <UrlButtons question={question} />}
    </>
  );
}

/**
 * URL mode: the answer is the action alone (content is form mode's). A client that did not
 * declare capabilities.elicitation.url has no answer but the refusal (-32602).
 */
function UrlButtons({ question }: { question: Question }) {
  const answer = (action: 'accept' | 'decline'): void => question.answer(answerElicitation(question.params, question.declared, action));
  const refused = answerElicitation(question.params, question.declared, 'decline');
  if ('error' in refused)
    return (
      <>
        <p className="banner-box warn" role="alert">
          This client did not declare URL-mode elicitation (capabilities.elicitation.url) on this connection, so the server should not have
          asked: the answer is a refusal.
        </p>
        <div className="row">
          <button type="button" className="primary" onClick={() => question.answer(refused)}>
            Refuse (-32602)
          </button>
        </div>
      </>
    );
  return (
    <div className="row">
      <button type="button" className="primary" onClick={() => answer('accept')}>
        Accept
      </button>
      <button type="button" onClick={() => answer('decline')}>
        Decline
      </button>
    </div>
  );
}

function Sampling({ question }: { question: Question }) {
  const [text, setText] = useState('');
  const [model, setModel] = useState('human');
  return (
    <>
      <h3>The server asks for an LLM completion</h3>
      <p className="status">You are the model: read the messages and write the reply.</p>
      <JsonView value={question.params.messages} />
      <label htmlFor={`sample-${question.id}`}>Reply</label>
      <textarea id={`sample-${question.id}`} rows={4} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      <label htmlFor={`model-${question.id}`}>Model name to report</label>
      <input id={`model-${question.id}`} value={model} onChange={(e) => setModel(e.target.value)} />
      <div className="row">
        <button type="button" className="primary" onClick={() => question.answer(samplingReply(text, model))}>
          Send reply
        </button>
        <button type="button" onClick={() => question.answer(refusal(question.method, 'the user declined to sample'))}>
          Decline
        </button>
      </div>
    </>
  );
}

/** Decline and Cancel, after Accept when the answer is a form's submit. */
function ElicitButtons({ question, accept }: { question: Question; accept?: 'submit' }) {
  return (
    <div className="row">
      {accept && (
        <button type="submit" className="primary">
          Accept
        </button>
      )}
      <button type="button" onClick={() => question.answer(elicitAnswer('decline'))}>
        Decline
      </button>
      <button type="button" onClick={() => question.answer(elicitAnswer('cancel'))}>
        Cancel
      </button>
    </div>
  );
}
