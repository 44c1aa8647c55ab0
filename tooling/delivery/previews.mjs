// Which releases may be previewed (`?preview=app@version`): every published release of an app, unless it
// was withdrawn (`npm run releases -- --withdraw app@version`, or a rollback that took it off a channel).
// The shell reads releases/<app>/index.json and loads nothing it does not list; withdrawals are kept in the
// journal of releases, so a withdrawn release stays withdrawn and the record says who and why.
import { join } from 'node:path';
import { RELEASES, readJournal, record } from './journal.mjs';
import { APP_NAME, DeliveryError, checkName, listReleases, readRelease, releaseLock, releasesDir, withLock, writeJsonAtomic } from './store.mjs';

/** The versions of an app withdrawn from preview. */
export function withdrawnVersions(app) {
  return new Set(
    readJournal(RELEASES)
      .filter((entry) => entry.action === 'withdraw' && entry.app === app)
      .map((entry) => entry.version),
  );
}

/** Rewrites releases/<app>/index.json: the releases open to preview, oldest first. */
export function writeReleaseIndex(app) {
  const withdrawn = withdrawnVersions(app);
  const releases = listReleases(app)
    .filter(({ version }) => !withdrawn.has(version))
    .map(({ version, builtAt, commit, routes, exposes }) => ({ version, builtAt, commit, routes, exposes }));
  writeJsonAtomic(join(releasesDir(), app, 'index.json'), { app, releases });
}

/** Takes a release off the preview list for good, and records why. Its files stay (a live channel may use them). */
export function withdraw(app, version, { reason, now = new Date() } = {}) {
  checkName('app', app, APP_NAME);
  readRelease(app, version);
  withLock(releaseLock(app), () => {
    if (withdrawnVersions(app).has(version)) throw new DeliveryError(`${app}@${version} is withdrawn from preview already.`);
    record(RELEASES, { action: 'withdraw', app, version, reason: reason ?? 'withdrawn by hand' }, { now });
    writeReleaseIndex(app);
  });
}
