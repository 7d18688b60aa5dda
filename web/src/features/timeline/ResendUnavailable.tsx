/** "Edit and resend" where nothing can be sent (a recording, a closed connection): the button, disabled, and why. */
export function ResendUnavailable({ reason }: { reason: string }) {
  return (
    <div className="row wrap tl-resend">
      <button type="button" disabled title={reason} data-testid="resend">
        Edit and resend
      </button>
      <span className="status" data-testid="resend-reason">
        {reason}
      </span>
    </div>
  );
}
