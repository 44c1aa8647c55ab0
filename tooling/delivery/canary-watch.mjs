// @ts-check
// The canary watcher: compares each canary of a channel with the live release it would replace, from the
// browser reports, and rolls it back (to 0 %, atomically, under the channel's lock) when the rule in
// canary-rule.mjs says it is worse on broad evidence, or holds it for a person when the evidence is narrow,
// recording its figures in the channel's journal. npm start runs it for
// its channels; production hosting runs `npm run canary -- watch --on <channel>`.
import { CANARY_RULE, judgeCanary } from './canary-rule.mjs';
import { holdCanary, rollback } from './channels.mjs';
import { fetchSummary } from './health.mjs';
import { liveVersions, readChannel } from './store.mjs';

export const WATCHER = 'canary watcher';

/**
 * The rule, with what the operator set: CANARY_MIN_SESSIONS, CANARY_MIN_SOURCES, CANARY_MIN_VITALS (the rest is CANARY_RULE).
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {import('./canary-rule.mjs').CanaryRule}
 */
export function ruleFromEnvironment(env = process.env) {
  /** @type {(value: string | undefined, fallback: number) => number} */
  const number = (value, fallback) => (value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback);
  return {
    ...CANARY_RULE,
    minSessions: number(env.CANARY_MIN_SESSIONS, CANARY_RULE.minSessions),
    minSources: number(env.CANARY_MIN_SOURCES, CANARY_RULE.minSources),
    minVitals: number(env.CANARY_MIN_VITALS, CANARY_RULE.minVitals),
  };
}

/**
 * One side's figures as the journal keeps them.
 *
 * @typedef {Required<import('./canary-rule.mjs').Side> & { version: string | undefined }} Figures
 */

/** @param {Figures} side */
const figuresOf = (side) => ({
  version: side.version,
  sessions: side.sessions,
  sources: side.sources,
  errorSessions: side.errorSessions,
  errorSources: side.errorSources,
  failureSessions: side.failureSessions,
  failureSources: side.failureSources,
  p75: { INP: side.vitals?.INP?.p75 ?? null, LCP: side.vitals?.LCP?.p75 ?? null },
});

/**
 * @typedef {{ rule?: typeof CANARY_RULE, token?: string, log?: (line: string) => void }} WatchOptions
 * `token`: the API's reports read token (else reportsToken() finds it).
 */

/** @typedef {{ app: string, version: string } & ReturnType<typeof judgeCanary>} Outcome */

/**
 * Looks once at every canary of the channel. Returns what it found: for each canary its verdict and reasons
 * ('rollback' ones are rolled back by then, 'hold' ones held).
 *
 * @param {string} channel
 * @param {WatchOptions} [options]
 * @returns {Promise<Outcome[]>}
 */
export async function checkCanaries(channel, { rule = ruleFromEnvironment(), token, log = () => {} } = {}) {
  const state = readChannel(channel);
  /** @type {Outcome[]} */
  const outcomes = [];
  for (const [app, canary] of Object.entries(state.canaries)) {
    const live = liveVersions(state)[app];
    const summary = await fetchSummary(state, app, { since: canary.since, token });
    /** @type {(version: string | undefined) => Figures} */
    const side = (version) => ({
      version,
      sessions: 0,
      sources: 0,
      errorSessions: 0,
      errorSources: 0,
      failureSessions: 0,
      failureSources: 0,
      vitals: {},
      ...summary.find((entry) => entry.version === version),
    });
    const stable = side(live);
    const candidate = side(canary.version);
    const { verdict, reasons } = judgeCanary(stable, candidate, rule);
    outcomes.push({ app, version: canary.version, verdict, reasons });
    if (verdict === 'wait' || verdict === 'healthy') {
      log(`${channel}: ${app}@${canary.version} at ${canary.share} %: ${verdict === 'wait' ? 'waiting' : 'healthy so far'}: ${reasons.join('; ')}`);
      continue;
    }
    const evidence = {
      canary: figuresOf(candidate),
      stable: figuresOf(stable),
      rule: { minSessions: rule.minSessions, minSources: rule.minSources, zCritical: rule.zCritical },
    };
    try {
      if (verdict === 'hold') {
        if (holdCanary(app, channel, { version: canary.version, reason: reasons.join('; '), evidence, who: WATCHER })) {
          log(`${channel}: ${app}@${canary.version} held at ${canary.share} % by the canary watcher: ${reasons.join('; ')}`);
        }
        continue;
      }
      rollback(app, channel, { reason: reasons.join('; '), evidence, who: WATCHER });
      log(`${channel}: ${app}@${canary.version} rolled back by the canary watcher: ${reasons.join('; ')}`);
    } catch (error) {
      // Ended or stepped by hand meanwhile: the next look sees what is there now.
      if (/** @type {Error} */ (error).name !== 'DeliveryError') throw error;
      log(`${channel}: ${app}@${canary.version} not ${verdict === 'hold' ? 'held' : 'rolled back'}: ${/** @type {Error} */ (error).message}`);
    }
  }
  return outcomes;
}

/**
 * Looks every `intervalMs` until stopped; a look that fails (the API down) is said and tried again.
 * @param {string[]} channels @param {WatchOptions & { intervalMs?: number }} [options]
 */
export function watchCanaries(channels, { intervalMs = 30_000, log = console.log, rule = ruleFromEnvironment(), token } = {}) {
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      for (const channel of channels) {
        if (Object.keys(readChannel(channel).canaries).length) await checkCanaries(channel, { log, rule, token });
      }
    } catch (error) {
      log(`canary watcher: ${/** @type {Error} */ (error).message}; trying again in ${intervalMs / 1000} s`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(look, intervalMs);
  void look();
  return () => clearInterval(timer);
}

// `npm run canary -- watch --on <channel> [--interval <seconds>] [--once]`
