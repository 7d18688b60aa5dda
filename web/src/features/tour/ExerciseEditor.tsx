/**
 * An exercise's message, editable before it is sent: the learner's text goes out instead of
 * the tour's. Text that is not JSON is said to be so, with its line and column, and Next does
 * not send it; "Reset to the original" puts the tour's message back.
 */
export function ExerciseEditor({
  text,
  error,
  edited,
  sent,
  onEdit,
}: {
  text: string;
  error: string | undefined;
  /** The learner changed the text. */
  edited: boolean;
  /** Sent already: the text is what went out, read-only. */
  sent: boolean;
  onEdit: (text: string | null) => void;
}) {
  const lines = Math.min(30, text.split('\n').length + 1);
  return (
    <div className="tour-editor">
      <label>
        {sent ? 'The message as you sent it' : 'Edit the message, then press Next to send it'}
        <textarea
          data-testid="exercise-editor"
          value={text}
          rows={lines}
          spellCheck={false}
          readOnly={sent}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? 'exercise-error' : undefined}
          onChange={(e) => onEdit(e.target.value)}
        />
      </label>
      {error !== undefined && (
        <p className="tour-state failed" id="exercise-error" data-testid="exercise-error" role="alert">
          {error}
        </p>
      )}
      {!sent && (
        <button type="button" onClick={() => onEdit(null)} disabled={!edited} data-testid="exercise-reset">
          Reset to the original
        </button>
      )}
    </div>
  );
}
