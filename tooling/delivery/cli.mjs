// @ts-check
// The delivery commands, one entry: `npm run release`, `npm run promote`, `npm run rollback`, `npm run releases`,
// `npm run prerender`.
import { parseArgs } from 'node:util';
import { finishCanary, promote, promoteCanary, rollback } from './channels.mjs';
import { checkCanaries, ruleFromEnvironment, watchCanaries } from './canary-watch.mjs';
import { RELEASES, readJournal } from './journal.mjs';
import { channelHealth, healthTable } from './health.mjs';
import { prerenderChannel } from './prerender-channel.mjs';
import { KEEP_DAYS, prune, withdraw, withdrawnVersions } from './previews.mjs';
import { release } from './release.mjs';
import { DeliveryError, listApps, listChannels, listReleases, liveVersions, readChannel } from './store.mjs';

const usage = {
  release: 'npm run release -- <app> [--dist <folder>]',
  promote:
    'npm run promote -- <app>@<version> --to <channel> [--canary <share>] [--force] [--no-prerender | --pages <paths>]  |  <app> --to <channel> --finish',
  rollback: 'npm run rollback -- <app> --on <channel> [--keep-preview] [--reason <text>] [--force] [--no-prerender | --pages <paths>]',
  releases:
    'npm run releases [-- --history [--on <channel>] | --health [--on <channel>] [--json] | --withdraw <app>@<version> [--reason <text>] | --prune [--keep-days <n>]]',
  prerender: 'npm run prerender -- --on <channel> [--changed] [--pages <paths>]',
  canary: 'npm run canary -- status [--on <channel>]  |  npm run canary -- watch --on <channel> [--interval <seconds>] [--once]',
};

/**
 * app@version, as the commands take it.
 *
 * @param {string | undefined} value
 * @param {keyof typeof usage} command  whose usage a value that is not app@version is told
 * @returns {{ app: string, version: string }}
 */
function releaseArgument(value, command) {
  const [app, version] = (value ?? '').split('@');
  if (!app || !version) throw new DeliveryError(`usage: ${usage[command]}`);
  return { app, version };
}

/**
 * One journal line as a person reads it.
 *
 * @param {import('./journal.mjs').JournalEntry} entry
 */
function describeEntry(entry) {
  const what =
    entry.action === 'refused' ? `refused  ${entry.attempted} of ${entry.app}@${entry.version}` : `${entry.action.padEnd(8)} ${entry.app}@${entry.version}`;
  const details = [
    entry.share !== undefined ? `${entry.was !== undefined ? `${entry.was} % → ` : ''}${entry.share} % of visitors` : null,
    entry.previous ? `${entry.action.startsWith('canary') ? 'live' : 'was'} ${entry.previous}` : null,
    entry.forced ? 'FORCED' : null,
    entry.reason ? `why: ${entry.reason.split('\n').join(' ')}` : null,
    entry.evidence ? `evidence: ${JSON.stringify(entry.evidence)}` : null,
  ].filter(Boolean);
  return `${entry.at}  ${what}${details.length ? `  (${details.join('; ')})` : ''}  by ${entry.who}`;
}

/**
 * The journals, oldest first: the releases' and each channel's (or one channel's).
 *
 * @param {string | undefined} channel
 */
function printHistory(channel) {
  /** @type {import('./journal.mjs').Scope[]} */
  const scopes = channel ? [channel] : [RELEASES, ...listChannels()];
  for (const scope of scopes) {
    const entries = readJournal(scope);
    console.log(`\n${scope === RELEASES ? 'releases' : `channel ${scope}`} (${entries.length} entries, oldest first)`);
    for (const entry of entries) console.log(`  ${describeEntry(entry)}`);
  }
}

/**
 * Makes the channel's public pages again: all of them, or with `changedOnly` those whose data changed since
 * they were made; with `pages` (paths, comma-separated) only those of them. A page that cannot be made (its
 * data could not be read) is served rendered in the browser meanwhile; none is ever wrong, so this says what
 * happened and goes on.
 *
 * @param {string} channel
 * @param {{ changedOnly?: boolean, pages?: string }} [options]
 * @returns {Promise<boolean>} whether every page was made
 */
async function prerender(channel, { changedOnly = false, pages } = {}) {
  console.log(`Prerendering the ${changedOnly ? 'changed ' : ''}public pages of ${channel}${pages ? ` (only ${pages})` : ''} ...`);
  let result;
  try {
    result = await prerenderChannel(channel, { changedOnly, only: pages?.split(','), log: (line) => console.log(line) });
  } catch (error) {
    console.warn(`The pages of ${channel} were not made again (${/** @type {Error} */ (error).message.split('\n')[0]}); its pages are rendered in the browser`);
    console.warn(`until they are: npm run prerender -- --on ${channel}`);
    return false;
  }
  const { written, failed, removed, published, unchanged } = result;
  if (unchanged) console.log(`No page of ${channel} changed.`);
  else if (!published) console.log('Another promotion went live meanwhile; it makes the pages.');
  else
    console.log(
      `${written.length} page${written.length === 1 ? '' : 's'} of ${channel} prerendered${failed.length ? `, ${failed.length} not` : ''}${removed.length ? `; ${removed.length} removed` : ''}.`,
    );
  for (const { path, reason } of failed) console.warn(`  ${path}: not prerendered: ${reason}`);
  return failed.length === 0;
}

/**
 * `npm run canary -- status`: each canary, its share, since when, and why the watcher held it, if it did.
 *
 * @param {string[]} channels
 */
function printCanaries(channels) {
  let any = false;
  for (const channel of channels) {
    const state = readChannel(channel);
    for (const [app, canary] of Object.entries(state.canaries)) {
      any = true;
      console.log(`${channel}  ${app}@${canary.version}  ${canary.share} % of visitors since ${canary.since}  (live: ${liveVersions(state)[app]})`);
      if (canary.held) {
        console.log(`  HELD by the canary watcher at ${canary.held.at}: ${canary.held.reason}`);
        console.log(`  Look at the release health (npm run releases -- --health --on ${channel}), then: npm run rollback -- ${app} --on ${channel},`);
        console.log(`  or step it on or finish it with --force.`);
      }
    }
  }
  if (!any) console.log(`No canary on ${channels.length === 1 ? channels[0] : 'any channel'}.`);
}

/**
 * The releases of each app (newest first, where each is live), and each channel with its recent history.
 *
 * @param {number} recentCount  how many of each channel's journal entries
 */
function printReleases(recentCount) {
  const channels = listChannels().map((name) => readChannel(name));
  const apps = listApps();
  if (!apps.length) {
    console.log('No releases yet. Make one with: npm run release -- <app>');
    return;
  }
  for (const app of apps) {
    console.log(`\n${app}`);
    const withdrawn = withdrawnVersions(app);
    for (const release of listReleases(app).reverse()) {
      const live = channels.filter((state) => liveVersions(state)[app] === release.version).map((state) => state.channel);
      const mark = `${live.length ? `  ← live on ${live.join(', ')}` : ''}${withdrawn.has(release.version) ? '  (withdrawn from preview)' : ''}`;
      console.log(`  ${release.version.padEnd(32)} ${release.builtAt}  ${(release.commit ?? 'unknown').slice(0, 12)}${mark}`);
    }
  }
  for (const state of channels) {
    console.log(`\nchannel ${state.channel}`);
    for (const [app, version] of Object.entries(liveVersions(state))) console.log(`  ${app.padEnd(10)} ${version}`);
    const recent = readJournal(state.channel).slice(-recentCount).reverse();
    if (recent.length) console.log('  recent (newest first; all of it: npm run releases -- --history):');
    for (const entry of recent) console.log(`    ${describeEntry(entry)}`);
  }
}

/**
 * `npm run release`: makes a release of an app from its build.
 *
 * @param {string[]} args
 */
function releaseCommand(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { dist: { type: 'string' } } });
  if (positionals.length !== 1) throw new DeliveryError(`usage: ${usage.release}`);
  const made = release(positionals[0], { dist: values.dist });
  console.log(`\nReleased ${made.app}@${made.version} (commit ${made.commit ?? 'unknown'}${made.dirty ? ', with uncommitted changes' : ''}).`);
  console.log(`Make it live with: npm run promote -- ${made.app}@${made.version} --to staging`);
}

/**
 * `npm run releases`: the releases and channels, or their history, their health, a withdrawal or a prune.
 *
 * @param {string[]} args
 */
async function releasesCommand(args) {
  /** @satisfies {NonNullable<import('node:util').ParseArgsConfig['options']>} */
  const options = {
    history: { type: 'boolean' },
    health: { type: 'boolean' },
    json: { type: 'boolean' },
    on: { type: 'string' },
    withdraw: { type: 'string' },
    reason: { type: 'string' },
    prune: { type: 'boolean' },
    'keep-days': { type: 'string', default: String(KEEP_DAYS) },
  };
  const { values } = parseArgs({ args, options });
  if (values.prune) {
    const removed = prune({ keepDays: Number(values['keep-days']) });
    console.log(
      removed.length
        ? `Removed ${removed.length} releases: ${removed.join(', ')}`
        : 'Nothing to remove: every release is live, in canary, open to preview or recent.',
    );
    return;
  }
  if (values.health) {
    const rows = [];
    for (const channel of values.on ? [values.on] : listChannels()) rows.push(...(await channelHealth(channel)));
    console.log(values.json ? JSON.stringify(rows, null, 2) : healthTable(rows));
    return;
  }
  if (values.withdraw) {
    const { app, version } = releaseArgument(values.withdraw, 'releases');
    withdraw(app, version, { reason: values.reason });
    console.log(`${app}@${version} is withdrawn: no preview link loads it any more. Its files stay for the channels that use it.`);
    return;
  }
  if (values.history) return printHistory(values.on);
  return printReleases(10);
}

/**
 * `npm run canary`: the canaries' status, or the watcher (once, or every interval).
 *
 * @param {string[]} args
 */
async function canaryCommand(args) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { on: { type: 'string' }, interval: { type: 'string', default: '30' }, once: { type: 'boolean', default: false } },
  });
  if (positionals[0] === undefined || positionals[0] === 'status') return printCanaries(values.on ? [values.on] : listChannels());
  if (positionals[0] !== 'watch' || !values.on) throw new DeliveryError(`usage: ${usage.canary}`);
  if (values.once) {
    for (const { app, version, verdict, reasons } of await checkCanaries(values.on)) console.log(`${app}@${version}: ${verdict}: ${reasons.join('; ')}`);
    return;
  }
  const rule = ruleFromEnvironment();
  console.log(`Watching the canaries of ${values.on} every ${values.interval} s (at least ${rule.minSessions} sessions a side; Ctrl+C stops).`);
  watchCanaries([values.on], { intervalMs: Number(values.interval) * 1000 });
}

/**
 * `npm run prerender`: makes a channel's pages again; the exit code says whether each was made.
 *
 * @param {string[]} args
 */
async function prerenderCommand(args) {
  const { values } = parseArgs({ args, options: { on: { type: 'string' }, changed: { type: 'boolean', default: false }, pages: { type: 'string' } } });
  if (!values.on) throw new DeliveryError(`usage: ${usage.prerender}`);
  if (!(await prerender(values.on, { changedOnly: values.changed, pages: values.pages }))) process.exitCode = 1;
}

/**
 * The options of the commands that change what a channel serves (promote, rollback).
 *
 * @satisfies {NonNullable<import('node:util').ParseArgsConfig['options']>}
 */
const changeOptions = { force: { type: 'boolean', default: false }, 'no-prerender': { type: 'boolean', default: false }, pages: { type: 'string' } };

/**
 * `npm run promote`: makes a release live on a channel, for every visitor or a share of them (a canary), or finishes a canary.
 *
 * @param {string[]} args
 */
async function promoteCommand(args) {
  /** @satisfies {NonNullable<import('node:util').ParseArgsConfig['options']>} */
  const options = { to: { type: 'string' }, canary: { type: 'string' }, finish: { type: 'boolean', default: false }, ...changeOptions };
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
  if (positionals.length !== 1 || !values.to) throw new DeliveryError(`usage: ${usage.promote}`);
  if (values.finish) {
    const { from, to } = finishCanary(positionals[0].split('@')[0], values.to, { force: values.force });
    console.log(`${positionals[0].split('@')[0]}@${to} is live on ${values.to} for every visitor (was ${from}; the canary is over).`);
    if (!values['no-prerender']) await prerender(values.to, { pages: values.pages });
    return;
  }
  const { app, version } = releaseArgument(positionals[0], 'promote');
  if (values.canary !== undefined) {
    // The pages stay those of the live release: a canary visitor's page is rendered afresh with the canary.
    const { live, share, was } = promoteCanary(app, version, values.to, Number(values.canary), { force: values.force });
    console.log(`${app}@${version} is live on ${values.to} for ${share} % of visitors (was ${was} %); the others keep ${live}.`);
    console.log(
      `Step on with --canary <share>, end with: npm run promote -- ${app} --to ${values.to} --finish, or npm run rollback -- ${app} --on ${values.to}.`,
    );
    return;
  }
  const { previous, warnings } = promote(app, version, values.to, { force: values.force });
  for (const warning of warnings) console.warn(`forced past: ${warning.message}`);
  console.log(`${app}@${version} is live on ${values.to}${previous ? ` (was ${previous})` : ''}. Visitors get it on their next page load.`);
  if (!values['no-prerender']) await prerender(values.to, { pages: values.pages });
}

/**
 * `npm run rollback`: puts an app on a channel back on its previous release (or ends its canary).
 *
 * @param {string[]} args
 */
async function rollbackCommand(args) {
  /** @satisfies {NonNullable<import('node:util').ParseArgsConfig['options']>} */
  const options = { on: { type: 'string' }, 'keep-preview': { type: 'boolean', default: false }, reason: { type: 'string' }, ...changeOptions };
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
  if (positionals.length !== 1 || !values.on) throw new DeliveryError(`usage: ${usage.rollback}`);
  const { from, to, canary } = rollback(positionals[0], values.on, { force: values.force, keepPreview: values['keep-preview'], reason: values.reason });
  console.log(`${positionals[0]} on ${values.on} is back on ${to} (was ${from}${canary ? ' in canary' : ''}).`);
  if (!values['keep-preview']) console.log(`${positionals[0]}@${from} is withdrawn from preview (--keep-preview keeps it open).`);
  // A canary's end changes no page: the pages are made with the live releases.
  if (!canary && !values['no-prerender']) await prerender(values.on, { pages: values.pages });
}

const commands = {
  release: releaseCommand,
  releases: releasesCommand,
  canary: canaryCommand,
  prerender: prerenderCommand,
  promote: promoteCommand,
  rollback: rollbackCommand,
};

/**
 * @param {string} command
 * @param {string[]} args
 */
async function main(command, args) {
  if (!Object.hasOwn(commands, command)) throw new DeliveryError(`unknown command "${command}"; one of: ${Object.keys(usage).join(', ')}`);
  await commands[/** @type {keyof typeof commands} */ (command)](args);
}

const [command, ...args] = process.argv.slice(2);
try {
  await main(command, args);
} catch (error) {
  console.error(/** @type {Error} */ (error).name === 'DeliveryError' ? `${command}: ${/** @type {Error} */ (error).message}` : error);
  process.exit(1);
}
