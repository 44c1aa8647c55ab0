// @ts-check
// A throw-away PostgreSQL server for the tests: Debian's `postgresql` package (installed with apt when
// missing and we are root, as Chromium is), a cluster made with initdb in a temporary folder, on a spare
// loopback port, stopped and deleted after. Used by `npm run test:api:postgres` and `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, isRoot } from './apt.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';
/** Its own range of 100 ports, away from the e2e and dev ports; PG_PORT to choose one. */
const FIRST_PORT = 55432;

/** The newest installed server's bin folder, or null. */
function findBinDir() {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
}

/**
 * Why no server can be started here, or null when one can: Debian's server is installed, or this process
 * is root and installs it (CI).
 */
export function postgresUnavailable() {
  if (findBinDir() || isRoot()) return null;
  return (
    `The PostgreSQL tests need Debian's PostgreSQL server (initdb, pg_ctl under ${DEBIAN_ROOT}). ` +
    'Install it with: sudo apt-get update && sudo apt-get install -y postgresql'
  );
}

function ensureServerInstalled() {
  const found = findBinDir();
  if (found) return found;
  const unavailable = postgresUnavailable();
  if (unavailable) throw new Error(unavailable);
  aptInstall(['postgresql'], 'the PostgreSQL tests');
  const installed = findBinDir();
  if (!installed) throw new Error(`apt installed postgresql, but no initdb was found under ${DEBIAN_ROOT}`);
  return installed;
}

/**
 * initdb and postgres refuse to run as root (CI runs as root): then they run as the `postgres` user the
 * Debian package creates, in a folder that user owns.
 */
function serverUser() {
  if (!isRoot()) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { name: 'postgres', uid, gid };
}

/** Runs one of the server's programs as its user; its output, or it throws. @typedef {(command: string, args: string[], options?: import('node:child_process').SpawnSyncOptions) => string} AsServer */

/**
 * Light settings for a server that lives for one test run and is then deleted. fsync is off: the durability
 * tests kill the API, not the database server, and what the server has committed survives that either way; a
 * crash of the machine would lose only this throw-away cluster.
 *
 * @type {(port: number, dir: string) => string}
 */
const serverSettings = (port, dir) =>
  [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=200',
  ].join(' ');

/**
 * Starts the cluster on the first port the server can bind (PG_PORT's alone when it is set), tried by the
 * server itself: a port probed free first could be taken before the server binds it (two runs start servers
 * at the same moment: the tooling tests' beside the API tests'). Returns the port.
 *
 * @param {AsServer} asServer
 * @param {string} dir
 * @param {string} dataDir
 */
function startOnAFreePort(asServer, dir, dataDir) {
  /** @param {number} port */
  const logOf = (port) => join(dir, `server-${port}.log`);
  let port = process.env.PG_PORT ? Number(process.env.PG_PORT) : FIRST_PORT;
  for (;;) {
    try {
      asServer('pg_ctl', ['start', '-D', dataDir, '-o', serverSettings(port, dir), '-l', logOf(port), '-w', '-t', '60']);
      return port;
    } catch (error) {
      const portTaken = existsSync(logOf(port)) && /could not bind|Address already in use/.test(readFileSync(logOf(port), 'utf8'));
      if (!portTaken || process.env.PG_PORT || port === FIRST_PORT + 99) throw error;
      port += 1;
    }
  }
}

/**
 * Starts a server; returns its port, its admin URL (superuser `postgres`, no password, loopback only), its
 * folder, a way to make a fresh database, and stop(), which deletes the folder. The server stops when this
 * process exits or is interrupted.
 */
export async function startPostgres() {
  const binDir = ensureServerInstalled();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'agri-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  /** @type {AsServer} */
  const asServer = (command, args, options = {}) => {
    const [file, argv] = user ? ['runuser', ['-u', user.name, '--', join(binDir, command), ...args]] : [join(binDir, command), args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8', ...options });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
    }
    return String(result.stdout);
  };

  asServer('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = startOnAFreePort(asServer, dir, dataDir);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asServer('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], { stdio: 'ignore' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    adminUrl,
    dir,
    /**
     * Creates an empty database and returns its URL.
     *
     * @param {string} name
     */
    createDatabase(name) {
      asServer('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    /**
     * The first column of the first row of `sql` on `database`, as text.
     *
     * @param {string} database
     * @param {string} sql
     */
    queryValue(database, sql) {
      return asServer('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-tAc', sql]).trim();
    },
    stop,
  };
}
