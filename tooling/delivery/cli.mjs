// The delivery commands: `npm run promote`, `npm run rollback`, `npm run releases`.
import { parseArgs } from 'node:util';
import { promote, rollback } from './channels.mjs';
import { DeliveryError, listApps, listChannels, listReleases, liveVersions, readChannel } from './store.mjs';

const usage = {
  promote: 'npm run promote -- <app>@<version> --to <channel> [--force]',
  rollback: 'npm run rollback -- <app> --on <channel> [--force]',
  releases: 'npm run releases [-- --history <n>]',
};

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

function main(command, args) {
  if (command === 'releases') {
    const { values } = parseArgs({ args, options: { history: { type: 'string', default: '10' } } });
    return printReleases(Number(values.history));
  }
  if (command === 'promote') {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { to: { type: 'string' }, force: { type: 'boolean', default: false } } });
    const [app, version] = (positionals[0] ?? '').split('@');
    if (positionals.length !== 1 || !version || !values.to) throw new DeliveryError(`usage: ${usage.promote}`);
    const { previous, warnings } = promote(app, version, values.to, { force: values.force });
    for (const warning of warnings) console.warn(`forced past: ${warning.message}`);
    console.log(`${app}@${version} is live on ${values.to}${previous ? ` (was ${previous})` : ''}. Visitors get it on their next page load.`);
    return;
  }
  if (command === 'rollback') {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { on: { type: 'string' }, force: { type: 'boolean', default: false } } });
    if (positionals.length !== 1 || !values.on) throw new DeliveryError(`usage: ${usage.rollback}`);
    const { from, to } = rollback(positionals[0], values.on, { force: values.force });
    console.log(`${positionals[0]} on ${values.on} is back on ${to} (was ${from}).`);
    return;
  }
  throw new DeliveryError(`unknown command "${command}"; one of: ${Object.keys(usage).join(', ')}`);
}

const [command, ...args] = process.argv.slice(2);
try {
  main(command, args);
} catch (error) {
  console.error(error.name === 'DeliveryError' ? `${command}: ${error.message}` : error);
  process.exit(1);
}
