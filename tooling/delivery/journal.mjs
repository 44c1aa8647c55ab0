// The journal of delivery: one line of JSON per action, appended and never rewritten.
//
//   deploy/journal/releases.jsonl        what happened to releases themselves (made, withdrawn from preview)
//   deploy/journal/<channel>.jsonl       what happened on one channel (promotions, rollbacks, refusals…)
//
// Each line says who, when, what and why. The files are opened for appending only (O_APPEND: each line is
// written whole at the end, whoever else writes), and no tool of ours opens them any other way.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { CHANNEL_NAME, checkName, deployDir } from './store.mjs';

/** The journal of releases (not of a channel). */
export const RELEASES = Symbol('releases');

const journalDir = () => join(deployDir(), 'journal');
const journalFile = (scope) => join(journalDir(), scope === RELEASES ? 'releases.jsonl' : `${checkName('channel', scope, CHANNEL_NAME)}.jsonl`);

/** Who acts: DELIVERY_ACTOR (a CI job, the canary watcher) or the account and machine that ran the command. */
export function actor() {
  if (process.env.DELIVERY_ACTOR) return process.env.DELIVERY_ACTOR;
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}@${hostname()}`;
  }
}

/** Appends one entry ({ action, … }) with the time and who acted; returns it as written. */
export function record(scope, entry, { now = new Date(), who = actor() } = {}) {
  const line = { at: now.toISOString(), who, ...entry };
  mkdirSync(journalDir(), { recursive: true });
  appendFileSync(journalFile(scope), `${JSON.stringify(line)}\n`, { flag: 'a' });
  return line;
}

/** Every entry of a journal, oldest first. A line cut short by a crash mid-write is skipped, not fatal. */
export function readJournal(scope) {
  const file = journalFile(scope);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}
