// @ts-check
// The compatibility gate: what promotion refuses. Pure rules over release.json files, so that each is
// tested on its own (gate.test.mjs). The shell repeats the first rule in the browser as a safety net.
import semver from 'semver';

/**
 * What the gate reads of a release.json: all of it but when it was built.
 *
 * @typedef {Omit<import('./store.mjs').Release, 'builtAt'>} Release
 */
/** @typedef {{ rule: string, message: string, forcible: boolean }} Problem */

/**
 * Does one route prefix own the other's paths? ('/course' and '/course/special' clash; '/course' and '/courses' do not.)
 *
 * @type {(prefix: string, path: string) => boolean}
 */
const owns = (prefix, path) => path === prefix || path.startsWith(prefix === '/' ? '//' : `${prefix}/`);
/** @type {(a: string, b: string) => boolean} */
const overlap = (a, b) => owns(a, b) || owns(b, a);

/** @param {Pick<Release, 'app' | 'version'>} release */
const id = (release) => `${release.app}@${release.version}`;

/**
 * The problems of making `candidate` live on a channel where `live` (app → release.json) is live now.
 * Each problem says which rule it breaks, what is wrong, and whether `--force` may override it: never for
 * a singleton the shell cannot satisfy or another API contract major, which break every page of the app.
 *
 * @param {Release} candidate
 * @param {Record<string, Release>} live
 * @param {string} channel
 * @returns {Problem[]}
 */
export function checkPromotion(candidate, live, channel) {
  const others = Object.values(live).filter((release) => release.app !== candidate.app);
  /** @type {Problem[]} */
  const problems = [];
  /**
   * @param {string} rule
   * @param {string} message
   * @param {boolean} forcible
   */
  const problem = (rule, message, forcible) => problems.push({ rule, message, forcible });

  // 1. Shared singletons: the shell provides them, exactly one version each, for every remote.
  const shell = candidate.app === 'shell' ? candidate : live.shell;
  const remotes = candidate.app === 'shell' ? others : [candidate];
  if (shell) {
    for (const remote of remotes) {
      for (const [name, range] of Object.entries(remote.requires ?? {})) {
        const provided = shell.provides?.[name];
        if (provided && !semver.satisfies(provided, range)) {
          problem('singleton', `${id(remote)} needs ${name} ${range}, but ${id(shell)} provides ${name} ${provided} on ${channel}.`, false);
        }
      }
    }
  }

  // 2. One API contract major across the channel: every app shares one API client (an app without it has no say).
  const major = candidate.contract ? semver.major(candidate.contract) : null;
  const differing = others.filter((release) => major !== null && release.contract && semver.major(release.contract) !== major);
  if (differing.length) {
    const list = differing.map((release) => `${id(release)} (${release.contract})`).join(', ');
    problem('contract', `${id(candidate)} is built on API contract ${candidate.contract}, but ${channel} runs another major: ${list}.`, false);
  }

  // 3. Modules one app loads from another must stay exposed, both ways.
  for (const other of others) {
    for (const consumed of other.consumes ?? []) {
      const [owner, module] = /** @type {[owner: string, module?: string]} */ (consumed.split('/'));
      if (owner === candidate.app && (module === undefined || !(candidate.exposes ?? []).includes(module))) {
        problem(
          'exposes',
          `${id(other)} consumes ${consumed}, which ${id(candidate)} does not expose (it exposes: ${(candidate.exposes ?? []).join(', ') || 'nothing'}).`,
          true,
        );
      }
    }
  }
  for (const consumed of candidate.consumes ?? []) {
    const [owner, module] = /** @type {[owner: string, module?: string]} */ (consumed.split('/'));
    const provider = owner === candidate.app ? candidate : live[owner];
    if (!provider) problem('exposes', `${id(candidate)} consumes ${consumed}, but no release of ${owner} is live on ${channel}.`, true);
    else if (module === undefined || !(provider.exposes ?? []).includes(module))
      problem('exposes', `${id(candidate)} consumes ${consumed}, which ${id(provider)} on ${channel} does not expose.`, true);
  }

  // 4. Each path has one owner.
  for (const prefix of candidate.routes ?? []) {
    for (const other of others) {
      for (const owned of other.routes ?? []) {
        if (overlap(prefix, owned))
          problem('routes', `${id(candidate)} claims the route prefix ${prefix}, but ${owned} belongs to ${id(other)} on ${channel}.`, true);
      }
    }
  }
  return problems;
}

/**
 * Throws with every problem when the promotion may not go ahead (`force` overrides only what is forcible).
 * Returns the problems `force` went past (warnings).
 *
 * @param {Problem[]} problems
 * @param {{ force?: boolean }} [options]
 * @returns {Problem[]}
 */
export function assertPromotable(problems, { force = false } = {}) {
  const blocking = problems.filter((entry) => !force || !entry.forcible);
  if (!blocking.length) return problems;
  const lines = blocking.map((entry) => `  - ${entry.message}${entry.forcible ? ' (--force accepts this)' : ' (--force cannot override this)'}`);
  const error = new Error(`Refused by the compatibility gate:\n${lines.join('\n')}`);
  error.name = 'DeliveryError';
  throw error;
}
