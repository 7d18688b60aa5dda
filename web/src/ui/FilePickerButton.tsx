/**
 * "Open a file…": a button, reachable by keyboard, standing for the hidden file input it clicks.
 * The input is emptied after each pick, so picking the same file again is a new pick.
 */
import { useRef } from 'react';

interface Props {
  accept: string;
  onFile: (file: File) => void;
  /** The hidden input's test id (tests set files on it). */
  inputTestId: string;
  buttonTestId?: string;
  disabled?: boolean;
}

export function FilePickerButton({ accept, onFile, inputTestId, buttonTestId, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} disabled={disabled} data-testid={buttonTestId}>
        Open a file…
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </>
  );
}
