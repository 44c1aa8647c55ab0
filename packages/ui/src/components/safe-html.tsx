import { useEffect, useId, useState } from 'react';

type Sanitise = (html: string) => string;

let sanitise: Sanitise | undefined;
let sanitiserLoad: Promise<unknown> | undefined;

/** Brings the sanitiser (DOMPurify, 10 KB gzip) once, for the first HTML the page was not made with. */
export const loadSanitiser = (): Promise<unknown> =>
  (sanitiserLoad ??= import('./rich-text-sanitiser').then(
    (module) => (sanitise = module.sanitise),
    (error: unknown) => {
      sanitiserLoad = undefined; // a later render asks again (the link came back)
      throw error;
    },
  ));

/** A short fingerprint of the server's HTML (FNV-1a and the length): which HTML a prerendered element was made from. */
export function htmlDigest(html: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < html.length; index += 1) hash = Math.imul(hash ^ html.charCodeAt(index), 0x01000193);
  return `${(hash >>> 0).toString(36)}.${html.length.toString(36)}`;
}

/** Marks the container for the XSS suite; its value is the digest of the HTML it shows. */
const DIGEST = 'data-server-html';

/** The server's HTML, sanitised, by the HTML as the API sent it. */
const cleaned = new Map<string, string>();

/**
 * The sanitised HTML for `html`: from the sanitiser once it is in; before, from the page itself where the
 * prerenderer wrote this element from this very HTML (sanitised then, with the same policy), as an island being
 * hydrated finds it. `undefined` when only the sanitiser can say.
 */
function cleanHtml(html: string, id: string, digest: string): string | undefined {
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const element = document.getElementById(id);
  const clean = sanitise ? sanitise(html) : element?.getAttribute(DIGEST) === digest ? element.innerHTML : undefined;
  if (clean !== undefined) cleaned.set(html, clean);
  return clean;
}

interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The only way server HTML reaches the page: sanitised to the rich-text allow-list (`RICH_TEXT_POLICY`), so
 * scripts, event handlers, javascript: URLs, styles and forms never arrive. A document's island shows what the
 * page was made with as it is, and brings the sanitiser only when the HTML changed: a visitor who books from a
 * course page pays nothing for it. Until it is in, the element is empty and busy.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const raw = html ?? '';
  const id = useId();
  const digest = htmlDigest(raw);
  const clean = cleanHtml(raw, id, digest);
  const [, sanitiserArrived] = useState(0);
  useEffect(() => {
    if (clean === undefined)
      loadSanitiser().then(
        () => sanitiserArrived((count) => count + 1),
        (error: unknown) => console.error('[ui] the sanitiser could not load:', error),
      );
  }, [clean]);
  return (
    <Tag
      id={id}
      className={className}
      {...{ [DIGEST]: clean === undefined ? '' : digest }}
      aria-busy={clean === undefined ? true : undefined}
      dangerouslySetInnerHTML={{ __html: clean ?? '' }}
    />
  );
}
