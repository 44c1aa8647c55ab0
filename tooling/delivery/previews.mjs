// @ts-check
// Which releases may be previewed (`?preview=app@version`): every published release of an app, unless it
// was withdrawn (`npm run releases -- --withdraw app@version`, or a rollback that took it off a channel);
// and which may be removed (`npm run releases -- --prune`).
// The shell reads releases/<app>/index.json and loads nothing it does not list; withdrawals are kept in the
// journal of releases, so a withdrawn release stays withdrawn and the record says who and why.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASES, readJournal, record } from './journal.mjs';
import {
  APP_NAME,
  DeliveryError,
  checkName,
  listApps,
  listChannels,
  listReleases,
  readChannel,
  readRelease,
  releaseDir,
  releaseLock,
  releasesDir,
  withLock,
  writeJsonAtomic,
} from './store.mjs';

/** @typedef {import('./journal.mjs').JournalEntry} JournalEntry */

/**
 * The versions of an app withdrawn from preview.
 *
 * @param {string} app
 * @returns {Set<string>}
 */
export function withdrawnVersions(app) {
  return new Set(
    readJournal(RELEASES)
      .filter((/** @type {JournalEntry} */ entry) => entry.action === 'withdraw' && entry.app === app)
      // A withdrawal always names its version.
      .map((/** @type {JournalEntry} */ entry) => /** @type {string} */ (entry.version)),
  );
}

/**
 * Rewrites releases/<app>/index.json: the releases open to preview, oldest first.
 *
 * @param {string} app
 */
export function writeReleaseIndex(app) {
  const withdrawn = withdrawnVersions(app);
  const releases = listReleases(app)
    .filter(({ version }) => !withdrawn.has(version))
    .map(({ version, builtAt, commit, routes, exposes, requires = {} }) => ({ version, builtAt, commit, routes, exposes, requires }));
  writeJsonAtomic(join(releasesDir(), app, 'index.json'), { app, releases });
}

/**
 * Takes a release off the preview list for good, and records why. Its files stay (a live channel may use them).
 *
 * @param {string} app
 * @param {string} version
 * @param {{ reason?: string, now?: Date }} [options]
 */
export function withdraw(app, version, { reason, now = new Date() } = {}) {
  checkName('app', app, APP_NAME);
  readRelease(app, version);
  withLock(releaseLock(app), () => {
    if (withdrawnVersions(app).has(version)) throw new DeliveryError(`${app}@${version} is withdrawn from preview already.`);
    record(RELEASES, { action: 'withdraw', app, version, reason: reason ?? 'withdrawn by hand' }, { now });
    writeReleaseIndex(app);
  });
}

/** How long a release's files stay served after it was last live or stepped in (npm run releases -- --prune). */
export const KEEP_DAYS = 7;

/**
 * Removes the releases nothing needs any more, and returns them: a release is kept while it is live or
 * the one a rollback goes back to on any channel, in canary, open to preview, or was built or named in a
 * journal (promoted, taken off, withdrawn) within `keepDays`: a tab that started on it may still ask for its
 * files (issue 26, no version skew). What is removed is recorded in the journal of releases.
 *
 * @param {{ keepDays?: number, now?: Date }} [options]
 * @returns {string[]} what was removed, as app@version
 */
export function prune({ keepDays = KEEP_DAYS, now = new Date() } = {}) {
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const channels = listChannels().map((name) => readChannel(name));
  const recent = new Set(
    /** @type {import('./journal.mjs').Scope[]} */ ([RELEASES, ...channels.map((state) => state.channel)]).flatMap((scope) =>
      readJournal(scope)
        .filter((/** @type {JournalEntry} */ entry) => Date.parse(entry.at) >= cutoff)
        .flatMap((/** @type {JournalEntry} */ entry) => [`${entry.app}@${entry.version}`, `${entry.app}@${entry.previous}`]),
    ),
  );
  /** @type {string[]} */
  const removed = [];
  for (const app of listApps()) {
    const withdrawn = withdrawnVersions(app);
    const needed = new Set(
      channels.flatMap((state) => [...(state.stacks[app] ?? []).slice(-2), ...(state.canaries[app] ? [state.canaries[app].version] : [])]),
    );
    withLock(releaseLock(app), () => {
      for (const release of listReleases(app)) {
        const { version } = release;
        const keep = needed.has(version) || !withdrawn.has(version) || recent.has(`${app}@${version}`) || Date.parse(release.builtAt) >= cutoff;
        if (keep) continue;
        rmSync(releaseDir(app, version), { recursive: true, force: true });
        record(RELEASES, { action: 'prune', app, version, reason: `not live, in canary or open to preview, and untouched for ${keepDays} days` }, { now });
        removed.push(`${app}@${version}`);
      }
      writeReleaseIndex(app);
    });
  }
  return removed;
}
