// Promotion and rollback: the one shared write of the deploy folder, made under the channel's lock. Each
// change, and each refusal by the gate, is recorded in the channel's journal.
import { assertPromotable, checkPromotion } from './gate.mjs';
import { record } from './journal.mjs';
import { withdraw, withdrawnVersions } from './previews.mjs';
import {
  APP_NAME,
  CHANNEL_NAME,
  DeliveryError,
  channelLock,
  checkName,
  liveVersions,
  readChannel,
  readRelease,
  withLock,
  writeChannel,
} from './store.mjs';

const liveReleases = (state) => Object.fromEntries(Object.entries(liveVersions(state)).map(([app, version]) => [app, readRelease(app, version)]));

function change(channel, work) {
  checkName('channel', channel, CHANNEL_NAME);
  return withLock(channelLock(channel), () => {
    const state = readChannel(channel);
    const { result, entry } = work(state);
    writeChannel(state);
    record(channel, entry);
    return result;
  });
}

/** The gate's verdict; a refusal is recorded in the channel's journal before it is thrown. */
function passGate(release, state, { action, force }) {
  try {
    return assertPromotable(checkPromotion(release, liveReleases(state), state.channel), { force });
  } catch (error) {
    record(state.channel, { action: 'refused', attempted: action, app: release.app, version: release.version, reason: error.message });
    throw error;
  }
}

const forcedPast = (warnings) => (warnings.length ? { forced: warnings.map((warning) => warning.message) } : {});

/** Makes app@version live on the channel, if the gate lets it. Returns the version it replaced (or null). */
export function promote(app, version, channel, { force = false } = {}) {
  checkName('app', app, APP_NAME);
  const candidate = readRelease(app, version);
  return change(channel, (state) => {
    const previous = liveVersions(state)[app] ?? null;
    if (previous === version) throw new DeliveryError(`${app}@${version} is live on ${channel} already.`);
    const warnings = passGate(candidate, state, { action: 'promote', force });
    state.stacks[app] = [...(state.stacks[app] ?? []), version];
    return { result: { previous, warnings }, entry: { action: 'promote', app, version, previous, ...forcedPast(warnings) } };
  });
}

/**
 * Makes the release that was live before the current one live again. The release taken off is withdrawn
 * from preview too (it was taken off for a reason), unless `keepPreview`. Returns { from, to }.
 */
export function rollback(app, channel, { force = false, keepPreview = false, reason = 'rolled back by hand' } = {}) {
  checkName('app', app, APP_NAME);
  const moved = change(channel, (state) => {
    const stack = state.stacks[app] ?? [];
    if (stack.length < 2) throw new DeliveryError(`${app} has no earlier release on ${channel} to go back to.`);
    const [to, from] = stack.slice(-2);
    const warnings = passGate(readRelease(app, to), state, { action: 'rollback', force });
    state.stacks[app] = stack.slice(0, -1);
    return { result: { from, to }, entry: { action: 'rollback', app, version: to, previous: from, reason, ...forcedPast(warnings) } };
  });
  if (!keepPreview && !withdrawnVersions(app).has(moved.from)) withdraw(app, moved.from, { reason: `rolled back on ${channel}: ${reason}` });
  return moved;
}
