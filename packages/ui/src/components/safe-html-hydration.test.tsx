import { waitFor } from '@testing-library/react';

// What the sanitiser was given: nothing, where the page's own copy is kept.
const sanitised = jest.fn();
jest.mock('./rich-text-sanitiser', () => {
  const { sanitise } = jest.requireActual<typeof import('./rich-text-sanitiser')>('./rich-text-sanitiser');
  return {
    sanitise: (html: string) => {
      sanitised(html);
      return sanitise(html);
    },
  };
});

/** A page's own modules, as a visitor's browser has them at first: nothing loaded yet, the sanitiser included. */
function freshPage() {
  let modules!: {
    react: typeof import('react');
    hydrateRoot: typeof import('react-dom/client').hydrateRoot;
    renderToString: typeof import('react-dom/server').renderToString;
    safeHtml: typeof import('./safe-html');
  };
  jest.isolateModules(() => {
    modules = {
      react: jest.requireActual<typeof import('react')>('react'),
      hydrateRoot: jest.requireActual<typeof import('react-dom/client')>('react-dom/client').hydrateRoot,
      renderToString: jest.requireActual<typeof import('react-dom/server')>('react-dom/server').renderToString,
      safeHtml: jest.requireActual<typeof import('./safe-html')>('./safe-html'),
    };
  });
  const { react, hydrateRoot, renderToString, safeHtml } = modules;
  const element = (html: string) => react.createElement(safeHtml.SafeHtml, { html });
  return {
    digest: safeHtml.htmlDigest,
    /** The island as the prerenderer wrote it, `shown` made from `madeFrom` (the same id as at hydration: useId with the island's prefix). */
    prerendered(html: string, { shown, madeFrom }: { shown: string; madeFrom: string }): HTMLElement {
      const island = document.body.appendChild(document.createElement('div'));
      island.innerHTML = renderToString(element(html), { identifierPrefix: 'island0-' });
      const box = island.firstElementChild as HTMLElement;
      box.innerHTML = shown;
      box.setAttribute('data-server-html', safeHtml.htmlDigest(madeFrom));
      box.removeAttribute('aria-busy');
      return island;
    },
    hydrate(island: HTMLElement, html: string) {
      let root!: import('react-dom/client').Root;
      react.act(() => {
        root = hydrateRoot(island, element(html), { identifierPrefix: 'island0-' });
      });
      return {
        render: (next: string) => react.act(() => root.render(element(next))),
        unmount: () => react.act(() => root.unmount()),
        settle: () => react.act(() => Promise.resolve()),
      };
    },
  };
}

const DESCRIPTION = '<p>Soil <strong>testing</strong></p>';
/** As the prerenderer wrote it (sanitised then): the mark shows that the page's copy stays, not a new sanitising. */
const PRERENDERED = '<p>Soil <strong>testing</strong></p><!--prerendered-->';

beforeEach(() => sanitised.mockClear());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('SafeHtml in an island being hydrated', () => {
  it('keeps the HTML the page was made with, without the sanitiser', async () => {
    const page = freshPage();
    const island = page.prerendered(DESCRIPTION, { shown: PRERENDERED, madeFrom: DESCRIPTION });
    const root = page.hydrate(island, DESCRIPTION);
    await root.settle();
    expect(island.firstElementChild?.innerHTML).toBe(PRERENDERED);
    expect(island.firstElementChild).not.toHaveAttribute('aria-busy');
    expect(sanitised).not.toHaveBeenCalled();
    root.unmount();
  });

  it('brings the sanitiser for HTML that changed since (a fresh answer), and shows it sanitised', async () => {
    const page = freshPage();
    const island = page.prerendered(DESCRIPTION, { shown: PRERENDERED, madeFrom: DESCRIPTION });
    const root = page.hydrate(island, DESCRIPTION);
    root.render('<p onclick="alert(1)">New dates</p><script>alert(2)</script>');
    const box = island.firstElementChild as HTMLElement;
    await waitFor(() => expect(box.innerHTML).toBe('<p>New dates</p>'));
    expect(box).not.toHaveAttribute('aria-busy');
    expect(sanitised).toHaveBeenCalledTimes(1);
    root.unmount();
  });

  it('does not take an element made from other HTML for this HTML sanitised', async () => {
    // React says so (in development) and patches it once the sanitiser is in.
    const mismatch = jest.spyOn(console, 'error').mockImplementation(() => {});
    const page = freshPage();
    const fresh = '<p>Fresh <em>words</em></p>';
    const island = page.prerendered(fresh, { shown: '<p>Older words</p>', madeFrom: '<p>Older words</p>' });
    const root = page.hydrate(island, fresh);
    const box = island.firstElementChild as HTMLElement;
    await waitFor(() => expect(box.innerHTML).toBe(fresh));
    expect(box).toHaveAttribute('data-server-html', page.digest(fresh));
    expect(sanitised).toHaveBeenCalledWith(fresh);
    expect(mismatch.mock.calls.some(([message]) => String(message).includes("didn't match the client properties"))).toBe(true);
    root.unmount();
  });
});
