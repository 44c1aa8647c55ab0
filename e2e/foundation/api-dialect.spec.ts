import { expect, test } from '../support/fixtures';

// The journeys run twice in `npm test`: against our API's own forms and with API_DIALECT=hosted, as the
// business's MongoDB-style API answers. This proves each run talks to the dialect it was asked for.
test('the API answers in the dialect this run asked for', { tag: '@journey' }, async ({ request, site }) => {
  const { data } = (await (await request.get(`${site.apiBaseUrl}event`)).json()) as { data: { _id: string; startDate: string }[] };
  const [event] = data;
  if (process.env.API_DIALECT === 'hosted') {
    expect(event!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(event!.startDate).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  } else {
    expect(event!._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(event!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
});
