// The delivery commands: `npm run promote`, `npm run rollback`, `npm run releases`, `npm run prerender`.
import { parseArgs } from 'node:util';
import { promote, rollback } from './channels.mjs';
import { prerenderChannel } from './prerender-channel.mjs';
import { DeliveryError, listApps, listChannels, listReleases, liveVersions, readChannel } from './store.mjs';

const usage = {
  promote: 'npm run promote -- <app>@<version> --to <channel> [--force] [--no-prerender]',
  rollback: 'npm run rollback -- <app> --on <channel> [--force] [--no-prerender]',
  releases: 'npm run releases [-- --history <n>]',
  prerender: 'npm run prerender -- --on <channel> [--changed]',
};

/**
 * Makes the channel's public pages again: all of them, or with `changedOnly` those whose data changed since
 * they were made. A page that cannot be made (its data could not be read) is served rendered in the browser
 * meanwhile; none is ever wrong, so this says what happened and goes on.
 */
async function prerender(channel, { changedOnly = false } = {}) {
  console.log(`Prerendering the ${changedOnly ? 'changed ' : ''}public pages of ${channel} ...`);
  let result;
  try {
    result = await prerenderChannel(channel, { changedOnly, log: (line) => console.log(line) });
  } catch (error) {
    console.warn(`The pages of ${channel} were not made again (${error.message.split('\n')[0]}); its pages are rendered in the browser`);
    console.warn(`until they are: npm run prerender -- --on ${channel}`);
    return false;
  }
  const { written, failed, removed, published, unchanged } = result;
  if (unchanged) console.log(`No page of ${channel} changed.`);
  else if (!published) console.log('Another promotion went live meanwhile; it makes the pages.');
  else console.log(`${written.length} pages of ${channel} prerendered${failed.length ? `, ${failed.length} not` : ''}${removed.length ? `; ${removed.length} removed` : ''}.`);
  for (const { path, reason } of failed) console.warn(`  ${path}: not prerendered: ${reason}`);
  return failed.length === 0;
}

function printReleases(historyLength) {
  const channels = listChannels().map((name) => readChannel(name));
  const apps = listApps();
  if (!apps.length) {
    console.log('No releases yet. Make one with: npm run release -- <app>');
    return;
  }
  for (const app of apps) {
    console.log(`\n${app}`);
    for (const release of listReleases(app).reverse()) {
      const live = channels.filter((state) => liveVersions(state)[app] === release.version).map((state) => state.channel);
      const mark = live.length ? `  ← live on ${live.join(', ')}` : '';
      console.log(`  ${release.version.padEnd(32)} ${release.builtAt}  ${(release.commit ?? 'unknown').slice(0, 12)}${mark}`);
    }
  }
  for (const state of channels) {
    console.log(`\nchannel ${state.channel}`);
    for (const [app, version] of Object.entries(liveVersions(state))) console.log(`  ${app.padEnd(10)} ${version}`);
    const recent = state.history.slice(-historyLength).reverse();
    if (recent.length) console.log('  history (newest first):');
    for (const entry of recent) {
      const from = entry.previous ? ` (was ${entry.previous})` : '';
      console.log(`    ${entry.at}  ${entry.action.padEnd(8)} ${entry.app}@${entry.version}${from}${entry.forced ? '  FORCED' : ''}`);
    }
  }
}

async function main(command, args) {
  if (command === 'releases') {
    const { values } = parseArgs({ args, options: { history: { type: 'string', default: '10' } } });
    return printReleases(Number(values.history));
  }
  if (command === 'prerender') {
    const { values } = parseArgs({ args, options: { on: { type: 'string' }, changed: { type: 'boolean', default: false } } });
    if (!values.on) throw new DeliveryError(`usage: ${usage.prerender}`);
    if (!(await prerender(values.on, { changedOnly: values.changed }))) process.exitCode = 1;
    return;
  }
  const changeOptions = { force: { type: 'boolean', default: false }, 'no-prerender': { type: 'boolean', default: false } };
  if (command === 'promote') {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { to: { type: 'string' }, ...changeOptions } });
    const [app, version] = (positionals[0] ?? '').split('@');
    if (positionals.length !== 1 || !version || !values.to) throw new DeliveryError(`usage: ${usage.promote}`);
    const { previous, warnings } = promote(app, version, values.to, { force: values.force });
    for (const warning of warnings) console.warn(`forced past: ${warning.message}`);
    console.log(`${app}@${version} is live on ${values.to}${previous ? ` (was ${previous})` : ''}. Visitors get it on their next page load.`);
    if (!values['no-prerender']) await prerender(values.to);
    return;
  }
  if (command === 'rollback') {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { on: { type: 'string' }, ...changeOptions } });
    if (positionals.length !== 1 || !values.on) throw new DeliveryError(`usage: ${usage.rollback}`);
    const { from, to } = rollback(positionals[0], values.on, { force: values.force });
    console.log(`${positionals[0]} on ${values.on} is back on ${to} (was ${from}).`);
    if (!values['no-prerender']) await prerender(values.on);
    return;
  }
  throw new DeliveryError(`unknown command "${command}"; one of: ${Object.keys(usage).join(', ')}`);
}

const [command, ...args] = process.argv.slice(2);
try {
  await main(command, args);
} catch (error) {
  console.error(error.name === 'DeliveryError' ? `${command}: ${error.message}` : error);
  process.exit(1);
}
