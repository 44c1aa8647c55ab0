// @ts-check
// Promotion and rollback: the one shared write of the deploy folder, made under the channel's lock. Each
// change, and each refusal by the gate, is recorded in the channel's journal.
import { assertPromotable, checkPromotion } from './gate.mjs';
import { record } from './journal.mjs';
import { withdraw, withdrawnVersions } from './previews.mjs';
import { APP_NAME, CHANNEL_NAME, DeliveryError, channelLock, checkName, liveVersions, readChannel, readRelease, withLock, writeChannel } from './store.mjs';

/** @typedef {import('./store.mjs').ChannelState} ChannelState */
/** @typedef {import('./gate.mjs').Problem} Problem */

/** @type {(state: ChannelState) => Record<string, import('./store.mjs').Release>} */
const liveReleases = (state) => Object.fromEntries(Object.entries(liveVersions(state)).map(([app, version]) => [app, readRelease(app, version)]));

/**
 * Changes the channel's state under its lock, writes it and records what `work` says was done.
 *
 * @template T
 * @param {string} channel
 * @param {(state: ChannelState) => { result: T, entry: import('./journal.mjs').Entry }} work
 * @param {{ who?: string }} [options]
 * @returns {T}
 */
function change(channel, work, { who } = {}) {
  checkName('channel', channel, CHANNEL_NAME);
  return withLock(channelLock(channel), () => {
    const state = readChannel(channel);
    const { result, entry } = work(state);
    writeChannel(state);
    record(channel, entry, who ? { who } : {});
    return result;
  });
}

/**
 * The gate's verdict; a refusal is recorded in the channel's journal before it is thrown.
 *
 * @param {import('./store.mjs').Release} release
 * @param {ChannelState} state
 * @param {{ action: string, force: boolean }} options
 * @returns {Problem[]}
 */
function passGate(release, state, { action, force }) {
  try {
    return assertPromotable(checkPromotion(release, liveReleases(state), state.channel), { force });
  } catch (error) {
    record(state.channel, { action: 'refused', attempted: action, app: release.app, version: release.version, reason: /** @type {Error} */ (error).message });
    throw error;
  }
}

/** @param {Problem[]} warnings */
const forcedPast = (warnings) => (warnings.length ? { forced: warnings.map((warning) => warning.message) } : {});

/** @type {(state: ChannelState, app: string) => void} */
const refuseDuringCanary = (state, app) => {
  const canary = state.canaries[app];
  if (canary) {
    throw new DeliveryError(
      `${app}@${canary.version} is in canary on ${state.channel} (${canary.share} %): finish it (npm run promote -- ${app} --to ${state.channel} --finish) or roll it back first.`,
    );
  }
};

/**
 * A canary the watcher held grows only when a person says so (--force), having looked at why.
 *
 * @type {(state: ChannelState, app: string) => void}
 */
const refuseWhileHeld = (state, app) => {
  const { held, version } = state.canaries[app] ?? /** @type {Partial<import('./store.mjs').Canary>} */ ({});
  if (held) {
    throw new DeliveryError(
      `${app}@${version} on ${state.channel} is held by the canary watcher: ${held.reason}. Look at the evidence (npm run canary -- status --on ${state.channel}), then roll it back, or step it on or finish it with --force.`,
    );
  }
};

/**
 * Writes the channel's config.json again without changing what is live: npm start does it for each channel,
 * so that a config written before the reports read token existed gets its report grant.
 *
 * @param {string} channel
 */
export function refreshChannel(channel) {
  checkName('channel', channel, CHANNEL_NAME);
  withLock(channelLock(channel), () => writeChannel(readChannel(channel)));
}

/**
 * The canary watcher's hold: the canary stays at its share, and grows only by a person's --force, because it
 * looked worse on evidence too narrow to roll back by itself. Recorded once per canary. Returns whether it
 * was held now (false: held already).
 *
 * @param {string} app
 * @param {string} channel
 * @param {{ version: string, reason: string, evidence?: Record<string, unknown>, who?: string }} hold  `who`: else actor()
 * @returns {boolean}
 */
export function holdCanary(app, channel, { version, reason, evidence, who }) {
  checkName('app', app, APP_NAME);
  return withLock(channelLock(channel), () => {
    const state = readChannel(channel);
    const canary = state.canaries[app];
    if (!canary || canary.version !== version) throw new DeliveryError(`${app}@${version} is no longer in canary on ${channel}.`);
    if (canary.held) return false;
    canary.held = { reason, at: new Date().toISOString() };
    writeChannel(state);
    record(channel, { action: 'canary-hold', app, version, share: canary.share, reason, evidence }, { who });
    return true;
  });
}

/**
 * Makes app@version live on the channel, if the gate lets it. Returns the version it replaced (or null), and
 * the gate's warnings `force` went past.
 *
 * @param {string} app
 * @param {string} version
 * @param {string} channel
 * @param {{ force?: boolean }} [options]
 * @returns {{ previous: string | null, warnings: Problem[] }}
 */
export function promote(app, version, channel, { force = false } = {}) {
  checkName('app', app, APP_NAME);
  const candidate = readRelease(app, version);
  return change(channel, (state) => {
    const previous = liveVersions(state)[app] ?? null;
    if (previous === version) throw new DeliveryError(`${app}@${version} is live on ${channel} already.`);
    refuseDuringCanary(state, app);
    const warnings = passGate(candidate, state, { action: 'promote', force });
    state.stacks[app] = [...(state.stacks[app] ?? []), version];
    return { result: { previous, warnings }, entry: { action: 'promote', app, version, previous, ...forcedPast(warnings) } };
  });
}

/**
 * A canary: app@version live for `share` % of the channel's visitors (each browser's random bucket decides,
 * and keeps its side), the live release for the others. Called again with another share, it steps the same
 * canary on. Returns { live, share, was }.
 *
 * @param {string} app
 * @param {string} version
 * @param {string} channel
 * @param {number} share  in %
 * @param {{ force?: boolean }} [options]
 * @returns {{ live: string, share: number, was: number }}
 */
export function promoteCanary(app, version, channel, share, { force = false } = {}) {
  checkName('app', app, APP_NAME);
  if (!Number.isInteger(share) || share < 1 || share > 99) throw new DeliveryError('--canary takes a share of visitors from 1 to 99 (100 is --finish).');
  const candidate = readRelease(app, version);
  return change(channel, (state) => {
    const live = liveVersions(state)[app];
    if (!live) throw new DeliveryError(`nothing of ${app} is live on ${channel} to compare a canary with; promote it in full.`);
    if (live === version) throw new DeliveryError(`${app}@${version} is live on ${channel} already.`);
    const current = state.canaries[app];
    if (current && current.version !== version) refuseDuringCanary(state, app);
    if (current && !force) refuseWhileHeld(state, app);
    const warnings = passGate(candidate, state, { action: 'canary', force });
    state.canaries[app] = { version, share, since: current?.since ?? new Date().toISOString() };
    const entry = {
      action: current ? 'canary-step' : 'canary',
      app,
      version,
      previous: live,
      share,
      ...(current ? { was: current.share } : {}),
      ...forcedPast(warnings),
    };
    return { result: { live, share, was: current?.share ?? 0 }, entry };
  });
}

/**
 * Ends a canary with its release live for every visitor (a held one only with `force`). Returns { from, to }.
 *
 * @param {string} app
 * @param {string} channel
 * @param {{ force?: boolean }} [options]
 * @returns {{ from: string, to: string }}
 */
export function finishCanary(app, channel, { force = false } = {}) {
  checkName('app', app, APP_NAME);
  return change(channel, (state) => {
    const canary = state.canaries[app];
    if (!canary) throw new DeliveryError(`${app} has no canary on ${channel}.`);
    if (!force) refuseWhileHeld(state, app);
    // A canary runs beside a live release of its app (promoteCanary), which stays live until the canary ends.
    const from = /** @type {string} */ (liveVersions(state)[app]);
    state.stacks[app] = [.../** @type {string[]} */ (state.stacks[app]), canary.version];
    delete state.canaries[app];
    return { result: { from, to: canary.version }, entry: { action: 'canary-finish', app, version: canary.version, previous: from, share: 100 } };
  });
}

/**
 * Makes the release that was live before the current one live again, or, while the app has a canary, ends
 * the canary (every visitor back on the live release). The release taken off is withdrawn from preview too
 * (it was taken off for a reason), unless `keepPreview`. `evidence` (the canary watcher's figures) and `who`
 * go to the journal. Returns { from, to, canary }.
 *
 * @param {string} app
 * @param {string} channel
 * @param {{ force?: boolean, keepPreview?: boolean, reason?: string, evidence?: Record<string, unknown>, who?: string }} [options]
 * @returns {{ from: string, to: string, canary: boolean }}
 */
export function rollback(app, channel, { force = false, keepPreview = false, reason = 'rolled back by hand', evidence, who } = {}) {
  checkName('app', app, APP_NAME);
  const moved = change(
    channel,
    (state) => {
      const canary = state.canaries[app];
      if (canary) {
        // A canary runs beside a live release of its app (promoteCanary).
        const live = /** @type {string} */ (liveVersions(state)[app]);
        delete state.canaries[app];
        const entry = {
          action: 'canary-rollback',
          app,
          version: live,
          previous: canary.version,
          share: 0,
          was: canary.share,
          reason,
          ...(evidence ? { evidence } : {}),
        };
        return { result: { from: canary.version, to: live, canary: true }, entry };
      }
      const stack = state.stacks[app] ?? [];
      if (stack.length < 2) throw new DeliveryError(`${app} has no earlier release on ${channel} to go back to.`);
      const [to, from] = /** @type {[string, string]} */ (stack.slice(-2));
      const warnings = passGate(readRelease(app, to), state, { action: 'rollback', force });
      state.stacks[app] = stack.slice(0, -1);
      return {
        result: { from, to, canary: false },
        entry: { action: 'rollback', app, version: to, previous: from, reason, ...(evidence ? { evidence } : {}), ...forcedPast(warnings) },
      };
    },
    { who },
  );
  if (!keepPreview && !withdrawnVersions(app).has(moved.from)) withdraw(app, moved.from, { reason: `rolled back on ${channel}: ${reason}` });
  return moved;
}
