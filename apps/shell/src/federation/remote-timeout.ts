/**
 * How long a remote's entry script may take before its slot shows "unavailable". Generous on purpose:
 * visitors on slow mobile links are the normal case, and slow is not down. What is down fails at once
 * instead: a refused connection, an HTTP error, a file that is not the remote's entry.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;
