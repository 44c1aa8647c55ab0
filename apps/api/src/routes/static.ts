import { Hono } from 'hono';
import { illustrations } from '../db/seed-data';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small generated illustration: a gradient, a field of crop rows and a label, centred so a square crop (the home page's compact cards) keeps it. */
function illustration({ label, from, to }: { label: string; from: string; to: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" role="img" aria-label="${escapeXml(label)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="500" fill="url(#g)"/>
  <circle cx="650" cy="110" r="60" fill="#fff" fill-opacity="0.35"/>
  <path d="M0 360 Q200 300 400 350 T800 330 V500 H0Z" fill="#000" fill-opacity="0.15"/>
  <path d="M0 410 Q220 360 420 400 T800 390 V500 H0Z" fill="#000" fill-opacity="0.2"/>
  <text x="400" y="90" text-anchor="middle" font-family="Segoe UI, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(label)}</text>
</svg>`;
}

/** Serves the seed images from /static/ (the machine has no internet, so no external URLs). */
export function staticRoutes(): Hono {
  return new Hono().get('/:folder/:name', (c) => {
    const found = illustrations[`${c.req.param('folder')}/${c.req.param('name')}`];
    if (!found) return c.json({ message: 'Image not found' }, 404);
    return c.body(illustration(found), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      // Served to other origins as images only.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}
