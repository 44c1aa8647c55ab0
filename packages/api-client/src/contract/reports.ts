import * as z from 'zod/mini';
import { safeText } from './common';

/**
 * Browser reports (`POST /api/reports`): what visitors' browsers tell about the releases they ran. Anonymous
 * by construction: a report names a random visit id the browser made (no account, no address, no device
 * id), the path of the page without its query, the releases on the page, and facts about the code, never
 * anything a visitor typed. The server drops what does not fit these schemas and stores no IP address.
 */

/** An app (a federation name) and one of its release versions, as the delivery tools make them. */
const appNameSchema = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/));
const versionSchema = z.string().check(z.regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/));

/** The path of a page, without query or fragment (which may carry tokens or search terms). */
const pagePathSchema = z.string().check(z.regex(/^\/[^?#\s]{0,199}$/));

/** Where a remote failed to load (Module Federation's phases, and the shell's own last step). */
export const LOAD_PHASES = ['manifest', 'entry', 'init', 'shared', 'expose', 'factory', 'chunk', 'render'] as const;
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;

const channelSchema = z.optional(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/)));
/** The release of every app on the page (the shell's included), canary or not, as the tab composed it. */
const releasesSchema = z.record(appNameSchema, versionSchema).check(z.refine((value) => Object.keys(value).length <= 12, 'at most 12 apps'));

/**
 * A visit's session, started by the site (issue 39): the shell asks for one with the channel and the releases
 * it composed (`POST /api/reports/session`), and the API keeps them with the session. The release health
 * counts only such sessions, by what they were started with: a session id a client invents counts for nothing.
 */
export const reportSessionRequestSchema = z.object({
  channel: channelSchema,
  releases: releasesSchema,
  /** What the channel's config.json carries: the delivery tools' signed list of what the channel serves. */
  grant: z.optional(z.string().check(z.maxLength(3072))),
});
export const reportSessionSchema = z.object({ session: z.string().check(z.regex(/^[0-9a-f]{20}$/)) });

const reportBase = {
  /** The visit: the session the API started for this tab (reportSessionSchema), to count sessions, nothing else. */
  session: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,40}$/)),
  channel: channelSchema,
  releases: releasesSchema,
  path: pagePathSchema,
};

/** A short text from the code (an error's message): trimmed, one line, at most 300 characters. */
const codeText = safeText('message', 300);

export const browserReportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page-view'), ...reportBase }),
  z.object({ kind: z.literal('remote-failure'), ...reportBase, remote: appNameSchema, phase: z.enum(LOAD_PHASES), message: z.optional(codeText) }),
  /** An uncaught or render error, attributed to the app whose code threw ('shell' for the shell's own). */
  z.object({ kind: z.literal('error'), ...reportBase, source: appNameSchema, message: z.optional(codeText) }),
  z.object({ kind: z.literal('unavailable'), ...reportBase, remote: appNameSchema }),
  z.object({ kind: z.literal('vital'), ...reportBase, name: z.enum(WEB_VITALS), value: z.number().check(z.gte(0), z.lte(600_000)) }),
]);
export type BrowserReport = z.infer<typeof browserReportSchema>;

/** One batch, as the shell sends it with navigator.sendBeacon: every report in it fits. */
export const MAX_REPORTS_PER_BATCH = 50;
export const reportBatchSchema = z.object({ reports: z.array(browserReportSchema).check(z.minLength(1), z.maxLength(MAX_REPORTS_PER_BATCH)) });

/**
 * A batch as the server reads it: the envelope first, then each report on its own, so that a report that
 * does not fit (an older shell's multi-line error message) is dropped without the visit's page view.
 */
export const reportBatchEnvelopeSchema = z.object({ reports: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_REPORTS_PER_BATCH)) });

/**
 * Content-Security-Policy violations are sent by the browser itself, because of the policy's `report-to`
 * (the Reporting API: `application/reports+json`, a list) or `report-uri` (`application/csp-report`, one),
 * so they arrive even when the shell's code never ran, which is when a policy problem matters most. Only
 * the fields kept are read; the rest (the script sample, the referrer) is never stored.
 */
const cspBodySchema = z.object({
  documentURL: z.string().check(z.maxLength(2000)),
  effectiveDirective: z.string().check(z.maxLength(60)),
  blockedURL: z.optional(z.string().check(z.maxLength(2000))),
});
export const reportingApiBatchSchema = z.array(z.object({ type: z.string(), body: z.unknown() })).check(z.minLength(1), z.maxLength(MAX_REPORTS_PER_BATCH));
export const reportingApiCspSchema = cspBodySchema;
export const legacyCspReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': z.string().check(z.maxLength(2000)),
    'effective-directive': z.optional(z.string().check(z.maxLength(60))),
    'violated-directive': z.optional(z.string().check(z.maxLength(200))),
    'blocked-uri': z.optional(z.string().check(z.maxLength(2000))),
  }),
});
