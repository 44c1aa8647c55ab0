import { z } from '@agri/api-client';
import { TAB_KEYS } from '@agri/ui/island-protocol';
import { create } from 'zustand';
import { requirementsSchema, type RemoteEntry, type SiteConfig } from '../config/site-config';

/** The preview this tab asked for, kept while it navigates and reloads (and only in this tab). */
const PREVIEW_KEY = TAB_KEYS.preview;
const INDEX_TIMEOUT_MS = 10_000;

export interface PreviewRelease {
  app: string;
  version: string;
}

interface PreviewState {
  /** The releases this tab shows on top of the channel. */
  releases: PreviewRelease[];
  /** Why a requested preview was not applied. */
  refused: string | null;
}

export const usePreview = create<PreviewState>(() => ({ releases: [], refused: null }));

/** `catalog@20261123.101500-ab12cd3`: an app name and a release version, nothing that could be a URL. */
const requestPattern = /^([a-z][a-z0-9_]*)@([0-9A-Za-z][0-9A-Za-z._-]{0,63})$/;

/** `<releases><app>/index.json`, written by the delivery tools: the releases of one app open to preview. */
const releaseIndexSchema = z.object({
  releases: z.array(z.object({ version: z.string(), routes: z.default(z.array(z.string()), []), requires: requirementsSchema })),
});

async function publishedRelease(releases: string, { app, version }: PreviewRelease): Promise<RemoteEntry | null> {
  const base = new URL(`${app}/`, new URL(releases, window.location.href));
  const response = await fetch(new URL('index.json', base), { cache: 'no-cache', signal: AbortSignal.timeout(INDEX_TIMEOUT_MS) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the release index of ${app} answered HTTP ${response.status}`);
  const index = releaseIndexSchema.parse(await response.json());
  const release = index.releases.find((entry) => entry.version === version);
  return release ? { entry: new URL(`${version}/remoteEntry.js`, base).href, requires: release.requires, routes: release.routes, version } : null;
}

/**
 * Applies `?preview=catalog@<version>[,account@<version>]` (or what this tab asked for before) to the
 * channel's remotes. Only releases the channel's release index lists (published, not withdrawn) are
 * accepted, so a link can never load code from anywhere else; a refused preview leaves the channel as it
 * is and says why. Nothing a link carries is shown unless it was found to be a release: a message never
 * repeats the link's text, so a crafted link cannot make the site say something.
 */
export async function applyPreview(config: SiteConfig, search: string): Promise<SiteConfig> {
  const requested = new URLSearchParams(search).get('preview') ?? sessionStorage.getItem(PREVIEW_KEY);
  if (!requested) return config;
  const refuse = (reason: string) => {
    sessionStorage.removeItem(PREVIEW_KEY);
    usePreview.setState({ releases: [], refused: `Preview refused: ${reason}` });
    return config;
  };
  const releases: PreviewRelease[] = [];
  for (const part of requested.split(',').map((each) => each.trim())) {
    const match = requestPattern.exec(part);
    if (!match) return refuse('the link does not name a release (expected app@version).');
    const app = match[1]!;
    if (app === 'shell') return refuse('the shell is the page itself and cannot be previewed.');
    if (!Object.hasOwn(config.remotes, app)) return refuse('the link names an app this site does not have.');
    releases.push({ app, version: match[2]! });
  }
  if (!config.releases) return refuse('this site publishes no release index.');
  const remotes = { ...config.remotes };
  for (const release of releases) {
    let entry: RemoteEntry | null;
    try {
      entry = await publishedRelease(config.releases, release);
    } catch (error) {
      return refuse(`the releases of ${release.app} could not be read (${(error as Error).message}).`);
    }
    if (!entry) return refuse(`the link names no release of ${release.app} open to preview (unknown, or withdrawn).`);
    remotes[release.app] = entry;
  }
  const kept = releases.map(({ app, version }) => `${app}@${version}`).join(',');
  sessionStorage.setItem(PREVIEW_KEY, kept);
  // A logout clears all browser storage (spec); the tab's next page still previews, unless it left the preview.
  window.addEventListener('pagehide', () => {
    if (usePreview.getState().releases.length) sessionStorage.setItem(PREVIEW_KEY, kept);
  });
  usePreview.setState({ releases, refused: null });
  return { ...config, remotes };
}

/** Back to what every visitor sees: forget the preview and load the page afresh without it. */
export function leavePreview(): void {
  usePreview.setState({ releases: [] });
  sessionStorage.removeItem(PREVIEW_KEY);
  const url = new URL(window.location.href);
  url.searchParams.delete('preview');
  window.location.assign(url.href);
}
