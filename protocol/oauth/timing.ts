/** How long a user may take in the browser: the callback's state expires then, and the engine waits that long. */
export const AUTHORIZATION_WAIT_MS = 10 * 60 * 1000;
