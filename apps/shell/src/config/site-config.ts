import { apiSettingsSchema, z } from '@agri/api-client';
import { SiteConfigError } from '@agri/ui/config';

/** A federation name: it becomes a JavaScript global, so letters, digits and underscores. */
export const remoteNameSchema = z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'a remote name is lower-case letters, digits and _'));

/** An absolute http(s) URL, or a path on the site's own origin (a channel serves its releases under /releases/). */
const locationSchema = z
  .string()
  .check(z.refine((value: string) => (/^https?:\/\//.test(value) ? URL.canParse(value) : /^\/(?!\/)/.test(value)), 'an http(s) URL or a path starting with /'));

/** The first segments of the paths a remote owns: '/course' owns /course and /course/…; '/' owns the home page only. */
const routePrefixSchema = z.string().check(z.regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'a route prefix such as /courses'));

/** The version range of each shared singleton a remote needs (its release.json's `requires`). */
export const requirementsSchema = z.default(z.record(z.string(), z.string()), {});

const releaseEntryShape = {
  /** The remote's entry script (remoteEntry.js): the runtime loads it directly, with no manifest to ask for first. */
  entry: locationSchema,
  requires: requirementsSchema,
  routes: z.default(z.array(routePrefixSchema), []),
  /** The release (a channel's config names it). */
  version: z.optional(z.string()),
};

export const remoteEntrySchema = z.object({
  ...releaseEntryShape,
  /**
   * A canary: another release of the remote, for `share` % of visitors (npm run promote -- --canary). Each
   * browser has one random bucket, kept, so a visitor stays on one side on every page (composition/canary.ts).
   */
  canary: z.optional(z.object({ ...releaseEntryShape, share: z.number().check(z.gte(0), z.lte(100)) })),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** config.json, served beside index.html: which remotes make the site, the paths each owns, and the APIs. */
export const siteConfigSchema = z.object({
  /** The channel this config was generated for (production, staging…). */
  channel: z.optional(z.string()),
  /** Where published releases are listed (`<releases><app>/index.json`): only these can be previewed. */
  releases: z.optional(locationSchema),
  remotes: z.record(remoteNameSchema, remoteEntrySchema),
  api: apiSettingsSchema,
  /** The shell's own release (a channel's config names it), reported with the remotes'. */
  shell: z.optional(z.object({ version: z.string() })),
  /**
   * Browser reports: where to send them, the share of visits that send any (0 to 1), and the grant the delivery
   * tools signed for what the channel serves, without which the API starts no report session (issue 39).
   */
  reports: z.optional(
    z.object({ url: locationSchema, sampleRate: z.number().check(z.gte(0), z.lte(1)), grant: z.optional(z.string().check(z.maxLength(4096))) }),
  ),
  /** `false` switches the service worker off (offline reading, docs/phones.md); on unless said. */
  offline: z.optional(z.boolean()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Checks what config.json holds; the error names every problem. */
export function parseSiteConfig(body: unknown, url = '/config.json'): SiteConfig {
  const parsed = siteConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new SiteConfigError(`${url} is invalid. ${problems.join('; ')}`);
  }
  return parsed.data;
}
