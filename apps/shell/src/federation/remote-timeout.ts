/**
 * How long one fetch of a remote's manifest or entry may take before its slot shows "unavailable".
 * Generous on purpose: visitors on slow mobile links are the normal case, and slow is not down. What
 * is down fails at once instead: a refused connection, an HTTP error, a manifest that is not JSON.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;
