// @ts-check
// The rule that decides whether a canary is worse than the release it would replace, from browser reports.
// Pure functions, tested on synthetic data (canary-rule.test.mjs), so that the figures the docs state are
// the figures of this code.

/**
 * The rule, stated (docs/releasing.md, "Automatic rollback"):
 * - Nothing is decided until each side has `minSessions` sessions: a handful of visits is noise.
 * - Error rate and load-failure rate (sessions that met one, over sessions): a one-sided two-proportion
 *   z-test (pooled), rolled back when the canary is worse with z above `zCritical`: 3.09 is a level of
 *   0.001 for one look. The watcher looks again and again, so each look is strict (10 looks stay under 1 %
 *   of false rollbacks on equal rates, canary-rule.test.mjs measures it).
 * - p75 INP and LCP, once each side has `minVitals` measures: rolled back when the canary's p75 is worse by
 *   more than the margin, both in milliseconds and as a share (`inpMarginMs` and `lcpMarginMs`, and
 *   `relativeMargin`): a slower page by a clear amount, never a few milliseconds of noise.
 * - Only broad evidence rolls back by itself (issue 39): the canary's errors (or load failures) from at least
 *   `minSources` sources (buckets of client addresses, counted by the API), its vitals from sessions of as many.
 *   Worse on narrower evidence (one address can invent sessions) is 'hold': the canary grows no further
 *   until a person looks.
 */
export const CANARY_RULE = {
  minSessions: 200,
  minSources: 10,
  zCritical: 3.09,
  minVitals: 100,
  inpMarginMs: 50,
  lcpMarginMs: 500,
  relativeMargin: 0.2,
};

/** @typedef {typeof CANARY_RULE} CanaryRule */

/**
 * The 95 % Wilson score interval of a proportion (what --health prints): sound for small counts and 0 %.
 *
 * @param {number} successes
 * @param {number} trials
 * @param {number} [z]
 * @returns {[low: number, high: number]}
 */
export function wilsonInterval(successes, trials, z = 1.96) {
  if (!trials) return [0, 1];
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The one-sided z statistic that the canary's rate is above the stable one's (pooled two-proportion test).
 *
 * @param {number} canaryHits
 * @param {number} canaryTrials
 * @param {number} stableHits
 * @param {number} stableTrials
 */
export function worseZ(canaryHits, canaryTrials, stableHits, stableTrials) {
  const pooled = (canaryHits + stableHits) / (canaryTrials + stableTrials);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / canaryTrials + 1 / stableTrials));
  if (spread === 0) return 0;
  return (canaryHits / canaryTrials - stableHits / stableTrials) / spread;
}

/**
 * @typedef {{ sessions: number, sources?: number, errorSessions: number, errorSources?: number, failureSessions: number,
 *   failureSources?: number, vitals: Record<string, { p75: number | null, count: number }> }} Side
 * What the API's summary says of one release (sources: how many distinct sources its counted sessions, errors
 * and failures came from; absent, none).
 */

/**
 * @param {Side} stable
 * @param {Side} canary
 * @param {CanaryRule} [rule]
 * @returns {{ verdict: 'wait' | 'healthy' | 'hold' | 'rollback', reasons: string[] }}
 */
export function judgeCanary(stable, canary, rule = CANARY_RULE) {
  if (stable.sessions < rule.minSessions || canary.sessions < rule.minSessions) {
    return {
      verdict: 'wait',
      reasons: [`too few sessions to judge: canary ${canary.sessions}, stable ${stable.sessions} (each needs ${rule.minSessions})`],
    };
  }
  /**
   * Each reason to roll back, with how many sources its evidence came from.
   *
   * @type {{ reason: string, sources: number }[]}
   */
  const found = [];
  for (const [label, key, sourcesKey] of /** @type {const} */ ([
    ['error rate', 'errorSessions', 'errorSources'],
    ['remote-load-failure rate', 'failureSessions', 'failureSources'],
  ])) {
    const z = worseZ(canary[key], canary.sessions, stable[key], stable.sessions);
    if (z > rule.zCritical) {
      /** @param {Side} side */
      const rate = (side) => `${((100 * side[key]) / side.sessions).toFixed(1)} %`;
      found.push({ reason: `${label} ${rate(canary)} against ${rate(stable)} (z = ${z.toFixed(2)} > ${rule.zCritical})`, sources: canary[sourcesKey] ?? 0 });
    }
  }
  for (const [name, marginMs] of /** @type {const} */ ([
    ['INP', rule.inpMarginMs],
    ['LCP', rule.lcpMarginMs],
  ])) {
    const mine = canary.vitals?.[name];
    const theirs = stable.vitals?.[name];
    if (!mine?.p75 || !theirs?.p75 || mine.count < rule.minVitals || theirs.count < rule.minVitals) continue;
    if (mine.p75 - theirs.p75 > marginMs && mine.p75 > theirs.p75 * (1 + rule.relativeMargin)) {
      found.push({
        reason: `p75 ${name} ${Math.round(mine.p75)} ms against ${Math.round(theirs.p75)} ms (worse by more than ${marginMs} ms and ${100 * rule.relativeMargin} %)`,
        sources: canary.sources ?? 0,
      });
    }
  }
  if (!found.length) return { verdict: 'healthy', reasons: ['no worse than the stable release on the evidence so far'] };
  const broad = found.filter((finding) => finding.sources >= rule.minSources);
  if (broad.length) return { verdict: 'rollback', reasons: broad.map((finding) => finding.reason) };
  return {
    verdict: 'hold',
    reasons: found.map(
      (finding) =>
        `${finding.reason}, but from ${finding.sources} source${finding.sources === 1 ? '' : 's'} only (a rollback by the watcher needs ${rule.minSources}): held for a person to look`,
    ),
  };
}
