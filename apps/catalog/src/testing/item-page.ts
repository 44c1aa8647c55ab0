import { networkFailure } from '@agri/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog, server } from './render-catalog';

/** An item page of the catalog (`/course/:id`, `/event/:id`), as its failure tests reach it. */
export interface ItemPageUnderTest {
  /** 'course': the page is at `/course/:id` and asks the API for `course/:id`. */
  thing: string;
  /** One that exists, shown once Try again succeeds. */
  item: { _id: string; title: string };
  /** The not-found panel's heading, and its link on to the list. */
  notFound: { heading: string; link: string; to: string };
  /** The failure panel's title. */
  failure: string;
}

/** Both item pages show an unknown item and a failed load through ItemPageView, so they are tested alike. */
export function itShowsItemPageFailures({ thing, item, notFound, failure }: ItemPageUnderTest) {
  it(`shows a not-found state for an unknown ${thing}, as the page’s heading`, async () => {
    renderCatalog(`/${thing}/no-such-${thing}`);
    expect(await screen.findByRole('heading', { level: 1, name: notFound.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: notFound.link })).toHaveAttribute('href', notFound.to);
  });

  it(`shows an error with a retry when the ${thing} cannot be loaded`, async () => {
    server.use(networkFailure('get', `${thing}/:id`));
    renderCatalog(`/${thing}/${item._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(failure);
    expect(screen.getByRole('heading', { level: 1, name: failure })).toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: item.title })).toBeInTheDocument();
  });
}
