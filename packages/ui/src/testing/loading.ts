import { screen, waitFor } from '@testing-library/react';

/** The announcement of a data area that is loading (DataAreaView), by its label, or null. */
function loadingAnnouncement(label: string): HTMLElement | null {
  const announcement = screen.queryAllByRole('status').find((element) => element.textContent === label) ?? null;
  return announcement?.closest('[aria-busy="true"]') ? announcement : null;
}

/** Asserts that the data area announced as `label` (e.g. 'Loading courses') is still loading: its placeholders show. */
export function expectStillLoading(label: string): void {
  expect(loadingAnnouncement(label)).not.toBeNull();
}

/** Waits until the data area announced as `label` is no longer loading (its content, error or empty state shows). */
export async function waitUntilLoaded(label: string): Promise<void> {
  await waitFor(() => expect(loadingAnnouncement(label)).toBeNull());
}
