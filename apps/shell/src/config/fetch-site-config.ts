export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

const CONFIG_TIMEOUT_MS = 5000;

/** Fetches config.json as JSON, not yet checked (site-config.ts checks it); every failure names what is wrong. */
export async function fetchSiteConfig(url = '/config.json'): Promise<unknown> {
  let response: Response;
  try {
    // No cache mode of its own: the page's <link rel="preload"> for config.json must be the request it takes.
    response = await fetch(url, { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
  } catch (error) {
    throw new SiteConfigError(`${url} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SiteConfigError(`${url} answered HTTP ${response.status}.`);
  try {
    return await response.json();
  } catch {
    throw new SiteConfigError(`${url} is not valid JSON.`);
  }
}
