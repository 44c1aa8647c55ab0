import { apiSettingsSchema } from '@agri/api-client';
import { z } from 'zod';

export const remoteNames = ['content', 'catalog', 'account'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** config.json, served beside index.html: where the remotes and the APIs live. */
export const siteConfigSchema = z.object({
  remotes: z.object({
    content: z.url(),
    catalog: z.url(),
    account: z.url(),
  }),
  api: apiSettingsSchema,
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

const CONFIG_TIMEOUT_MS = 5000;

/** Reads and checks config.json; every failure names what is wrong. */
export async function loadSiteConfig(url = '/config.json'): Promise<SiteConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache', signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
  } catch (error) {
    throw new SiteConfigError(`${url} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SiteConfigError(`${url} answered HTTP ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SiteConfigError(`${url} is not valid JSON.`);
  }
  const parsed = siteConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new SiteConfigError(`${url} is invalid. ${problems.join('; ')}`);
  }
  return parsed.data;
}
