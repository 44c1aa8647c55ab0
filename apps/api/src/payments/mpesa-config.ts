// The M-Pesa settings (docs/payments.md, Settings): where Daraja is and the business's credentials there, from the
// environment or the data directory's mpesa.json (the environment wins, setting by setting), and the addresses
// Safaricom's callbacks may come from; readConfig (config.ts) reads them with the rest of the server's settings.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEnvironment } from '../environment';
import { errorText } from '../log';
import type { DarajaSettings } from './daraja';

/** MPESA_* settings: where Daraja is and the business's credentials there, never in the repository. */
export interface MpesaConfig extends DarajaSettings {
  /** The address Safaricom posts results to: this API's public address (PUBLIC_URL) unless MPESA_CALLBACK_BASE_URL says. */
  callbackBaseUrl: string;
  /** With no callback this long after the push, Daraja is asked how it went (STK Push Query). */
  queryAfterSeconds: number;
  /** A payment Daraja still calls processing this long after the push is given up as expired. */
  expirySeconds: number;
  /**
   * MPESA_CALLBACK_SOURCES: the addresses callbacks are taken from, `safaricom` standing for Safaricom's published
   * ones; `any` (or unset, except against Safaricom's production Daraja in production): any address.
   */
  callbackSources: string[];
}

/** The addresses Safaricom posts Daraja's callbacks from, as it publishes them to the businesses it serves (2026). */
export const SAFARICOM_CALLBACK_SOURCES = [
  '196.201.214.200',
  '196.201.214.206',
  '196.201.213.114',
  '196.201.214.207',
  '196.201.214.208',
  '196.201.213.44',
  '196.201.212.127',
  '196.201.212.138',
  '196.201.212.129',
  '196.201.212.136',
  '196.201.212.74',
  '196.201.212.69',
];

/** Daraja's production host: real money moves there. */
const SAFARICOM_PRODUCTION = 'api.safaricom.co.ke';

/**
 * MPESA_CALLBACK_SOURCES as a list of addresses (empty: any). Against real money in production the operator must say
 * which (docs/payments.md): a callback URL seen once (a proxy's access log) must not be enough to post a forged success.
 */
function callbackSourcesFrom(value: string | undefined, baseUrl: string, production: boolean): string[] {
  if (value === undefined || value.trim() === '') {
    if (production && new URL(baseUrl).hostname === SAFARICOM_PRODUCTION) {
      throw new Error("Set MPESA_CALLBACK_SOURCES=safaricom (Safaricom's published addresses, docs/payments.md), a list of addresses, or any.");
    }
    return [];
  }
  const entries = value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (entries.includes('any')) return [];
  return entries.flatMap((entry) => (entry === 'safaricom' ? SAFARICOM_CALLBACK_SOURCES : [entry]));
}

const MPESA_SETTINGS = ['MPESA_BASE_URL', 'MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORT_CODE', 'MPESA_PASSKEY'] as const;

/** The file in the data directory that may hold the MPESA_* settings (docs/payments.md); the environment wins. */
export const MPESA_SETTINGS_FILE = 'mpesa.json';

/** The MPESA_* settings of the data directory's file (`{ "MPESA_BASE_URL": "…", … }`), or none. */
function mpesaSettingsFile(dataDir: string): Record<string, string> {
  const file = join(dataDir, MPESA_SETTINGS_FILE);
  if (!existsSync(file)) return {};
  let settings: unknown;
  try {
    settings = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${errorText(error)}`, { cause: error });
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new Error(`${file} must hold one object of MPESA_* settings.`);
  const entries = Object.entries(settings);
  const strange = entries.filter(([name, value]) => !name.startsWith('MPESA_') || typeof value !== 'string').map(([name]) => name);
  if (strange.length > 0) throw new Error(`${file} holds MPESA_* settings as strings only; not: ${strange.join(', ')}.`);
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * All of MPESA_SETTINGS, or none (no payments), from the environment or the data directory's mpesa.json (the
 * environment wins, setting by setting); a partial set is a mistake the operator is told of at start.
 */
export function mpesaFrom(environment: NodeJS.ProcessEnv, publicUrl: string, dataDir: string, production: boolean): MpesaConfig | null {
  const env = { ...mpesaSettingsFile(dataDir), ...Object.fromEntries(Object.entries(environment).filter(([, value]) => value)) };
  const given = MPESA_SETTINGS.filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = MPESA_SETTINGS.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`M-Pesa needs all of ${MPESA_SETTINGS.join(', ')}; missing: ${missing.join(', ')}.`);
  return {
    baseUrl: env.MPESA_BASE_URL!.replace(/\/+$/, ''),
    consumerKey: env.MPESA_CONSUMER_KEY!,
    consumerSecret: env.MPESA_CONSUMER_SECRET!,
    shortCode: env.MPESA_SHORT_CODE!,
    passkey: env.MPESA_PASSKEY!,
    callbackBaseUrl: (env.MPESA_CALLBACK_BASE_URL || publicUrl).replace(/\/+$/, ''),
    ...mpesaTimes(env),
    callbackSources: callbackSourcesFrom(env.MPESA_CALLBACK_SOURCES, env.MPESA_BASE_URL!, production),
  };
}

/** Daraja's waits, by the environment's rules, from the environment or mpesa.json. */
function mpesaTimes(env: Record<string, string | undefined>) {
  const { MPESA_QUERY_AFTER_SECONDS, MPESA_EXPIRY_SECONDS } = readEnvironment({
    MPESA_QUERY_AFTER_SECONDS: env.MPESA_QUERY_AFTER_SECONDS,
    MPESA_EXPIRY_SECONDS: env.MPESA_EXPIRY_SECONDS,
  });
  return { queryAfterSeconds: MPESA_QUERY_AFTER_SECONDS, expirySeconds: MPESA_EXPIRY_SECONDS };
}
