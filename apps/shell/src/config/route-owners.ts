/** Does `prefix` own `pathname`? '/course' owns /course and /course/42, not /courses; '/' owns the home page only. */
export function owns(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix === '/' ? '//' : `${prefix}/`);
}

/** The remote whose route prefixes own the path (the longest prefix wins), or null: no remote's page. */
export function ownerOf(pathname: string, routesByRemote: Record<string, readonly string[]>): string | null {
  let owner: string | null = null;
  let longest = -1;
  for (const [remote, prefixes] of Object.entries(routesByRemote)) {
    for (const prefix of prefixes) {
      if (owns(prefix, pathname) && prefix.length > longest) {
        owner = remote;
        longest = prefix.length;
      }
    }
  }
  return owner;
}
