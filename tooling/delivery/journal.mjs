// @ts-check
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

/**
 * A journal: the releases' (RELEASES) or a channel's (its name).
 *
 * @typedef {typeof RELEASES | string} Scope
 */

/**
 * What an entry says, as `record` is given it: the action, and what it was done to and why (each field only
 * where the action has it).
 *
 * @typedef {object} Entry
 * @property {string} action              'release', 'promote', 'rollback', 'canary', 'refused', 'withdraw'…
 * @property {string} [app]
 * @property {string} [version]
 * @property {string | null} [previous]   the version live before (a canary's: the live release beside it)
 * @property {string} [attempted]         the action a refusal refused
 * @property {number} [share]             a canary's share of visitors, in %
 * @property {number} [was]               its share before
 * @property {string} [reason]
 * @property {string[]} [forced]          the gate's warnings --force went past
 * @property {Record<string, unknown>} [evidence]  the canary watcher's figures
 * @property {string | null} [commit]     a release's
 * @property {string} [from]              the build a release was made from (--dist)
 */

/**
 * An entry as the journal holds it: with when, and who acted.
 *
 * @typedef {Entry & { at: string, who: string }} JournalEntry
 */

const journalDir = () => join(deployDir(), 'journal');
/** @param {Scope} scope */
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

/**
 * Appends one entry ({ action, … }) with the time and who acted; returns it as written.
 *
 * @param {Scope} scope
 * @param {Entry} entry
 * @param {{ now?: Date, who?: string }} [options]
 * @returns {JournalEntry}
 */
export function record(scope, entry, { now = new Date(), who = actor() } = {}) {
  const line = { at: now.toISOString(), who, ...entry };
  mkdirSync(journalDir(), { recursive: true });
  appendFileSync(journalFile(scope), `${JSON.stringify(line)}\n`, { flag: 'a' });
  return line;
}

/**
 * Every entry of a journal, oldest first. A line cut short by a crash mid-write is skipped, not fatal.
 *
 * @param {Scope} scope
 * @returns {JournalEntry[]}
 */
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
