// Promotion and rollback: the one shared write of the deploy folder, made under the channel's lock.
import { assertPromotable, checkPromotion } from './gate.mjs';
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
    const result = work(state);
    writeChannel(state);
    return result;
  });
}

/** Makes app@version live on the channel, if the gate lets it. Returns the version it replaced (or null). */
export function promote(app, version, channel, { force = false, now = new Date() } = {}) {
  checkName('app', app, APP_NAME);
  const candidate = readRelease(app, version);
  return change(channel, (state) => {
    const previous = liveVersions(state)[app] ?? null;
    if (previous === version) throw new DeliveryError(`${app}@${version} is live on ${channel} already.`);
    const warnings = assertPromotable(checkPromotion(candidate, liveReleases(state), channel), { force });
    state.stacks[app] = [...(state.stacks[app] ?? []), version];
    state.history.push({ at: now.toISOString(), action: 'promote', app, version, previous, ...(warnings.length ? { forced: warnings.map((w) => w.message) } : {}) });
    return { previous, warnings };
  });
}

/** Makes the release that was live before the current one live again. Returns { from, to }. */
export function rollback(app, channel, { force = false, now = new Date() } = {}) {
  checkName('app', app, APP_NAME);
  return change(channel, (state) => {
    const stack = state.stacks[app] ?? [];
    if (stack.length < 2) throw new DeliveryError(`${app} has no earlier release on ${channel} to go back to.`);
    const [to, from] = stack.slice(-2);
    const warnings = assertPromotable(checkPromotion(readRelease(app, to), liveReleases(state), channel), { force });
    state.stacks[app] = stack.slice(0, -1);
    state.history.push({ at: now.toISOString(), action: 'rollback', app, version: to, previous: from, ...(warnings.length ? { forced: warnings.map((w) => w.message) } : {}) });
    return { from, to };
  });
}
