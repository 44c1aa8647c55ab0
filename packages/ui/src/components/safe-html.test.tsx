import { render, waitFor } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { BENIGN_RICH_TEXT, XSS_PAYLOADS } from '../../../../e2e/support/xss-payloads';
import { htmlToText } from '../format/html-text';
import { SafeHtml } from './safe-html';

/** Elements that can run code, restyle the page, collect input or change where links go. */
const FORBIDDEN = 'script, style, form, input, button, textarea, select, iframe, frame, object, embed, svg, math, meta, link, base, template, noscript';
const FORBIDDEN_ATTRIBUTES = new Set(['style', 'srcdoc', 'action', 'formaction', 'xlink:href']);

function schemeOf(value: string): string | null {
  try {
    return new URL(value, window.location.href).protocol;
  } catch {
    return null;
  }
}

/** Everything under `root` that survives and could be dangerous, described for the failure message. */
function dangers(root: Element): string[] {
  const found = [...root.querySelectorAll(FORBIDDEN)].map((element) => `<${element.localName}>`);
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on') || FORBIDDEN_ATTRIBUTES.has(name)) found.push(`${element.localName}[${name}]`);
      if ((name === 'href' || name === 'src') && !['http:', 'https:', 'mailto:', 'tel:'].includes(schemeOf(value) ?? '')) {
        found.push(`${element.localName}[${name}="${value}"]`);
      }
    }
  }
  return found;
}

/** SafeHtml rendered in the browser (not hydrated): once the sanitiser is in. */
async function renderSafe(html: string): Promise<HTMLElement> {
  const { container } = render(<SafeHtml html={html} />);
  const box = container.firstElementChild as HTMLElement;
  await waitFor(() => expect(box).not.toHaveAttribute('aria-busy'));
  return box;
}

/** What the sanitised markup becomes when parsed again: mutation XSS shows up only here. */
function reparsed(element: Element): Element {
  const copy = document.createElement('div');
  copy.innerHTML = element.innerHTML;
  return copy;
}

describe('SafeHtml against XSS payloads', () => {
  it('has at least 30 payloads, each fitting a 100-character field', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const { html } of XSS_PAYLOADS) {
      expect(html.length).toBeLessThanOrEqual(100);
      expect(html).toBe(html.trim());
    }
  });

  it.each(XSS_PAYLOADS)('$id. $name: nothing executable, styling or form-like survives', async ({ html }) => {
    const box = await renderSafe(html);
    expect(dangers(box)).toEqual([]);
    expect(dangers(reparsed(box))).toEqual([]);
  });

  it('all payloads in one description, each in the context the previous one left', async () => {
    const box = await renderSafe(XSS_PAYLOADS.map((payload) => payload.html).join('<hr>'));
    expect(dangers(box)).toEqual([]);
    expect(dangers(reparsed(box))).toEqual([]);
    // Every separator survives: no payload swallowed the ones after it, so each was really sanitised in context.
    expect(box.querySelectorAll('hr')).toHaveLength(XSS_PAYLOADS.length - 1);
  });
});

describe('SafeHtml keeps ordinary rich text', () => {
  it('keeps headings, formatting, lists, links, images and tables as they are; the external link gets rel', async () => {
    const box = await renderSafe(BENIGN_RICH_TEXT);
    expect(box).toHaveAttribute('data-server-html');
    expect(box.innerHTML).toBe(BENIGN_RICH_TEXT.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">'));
  });

  it('marks links to another origin noopener noreferrer, not links to this site', async () => {
    const box = await renderSafe(
      '<a href="https://other.example/x">other</a><a href="/courses">relative</a>' +
        `<a href="${window.location.origin}/blogs">same origin</a><a href="mailto:info@example.co.ke">mail</a>`,
    );
    const links = box.querySelectorAll('a');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[1]).not.toHaveAttribute('rel');
    expect(links[2]).not.toHaveAttribute('rel');
    expect(links[3]).toHaveAttribute('href', 'mailto:info@example.co.ke');
  });

  it('drops the server rel and any target but _blank', async () => {
    const box = await renderSafe('<a href="https://other.example/" target="_top" rel="opener">a</a><a href="/x" target="_blank">b</a>');
    const [other, own] = box.querySelectorAll('a');
    expect(other).not.toHaveAttribute('target');
    expect(other).toHaveAttribute('rel', 'noopener noreferrer');
    expect(own).toHaveAttribute('target', '_blank');
    expect(own).not.toHaveAttribute('rel');
  });

  it('keeps http(s) and site-relative images, drops data: and javascript: sources', async () => {
    const box = await renderSafe(
      '<img src="https://cdn.example/a.png" alt="a"><img src="/static/b.png" alt="b">' +
        '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="c"><img src="javascript:alert(1)" alt="d">',
    );
    expect([...box.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['https://cdn.example/a.png', '/static/b.png', null, null]);
  });
});

describe('the link hook belongs to SafeHtml alone', () => {
  it('leaves DOMPurify itself and htmlToText as they were', async () => {
    await renderSafe('<a href="https://other.example/">x</a>');
    expect(DOMPurify.sanitize('<a href="https://other.example/">x</a>')).toBe('<a href="https://other.example/">x</a>');
    expect(htmlToText('<p>Soil &amp; <a href="https://other.example/">water</a></p>')).toBe('Soil & water');
  });
});
