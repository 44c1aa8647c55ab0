import { expect, test } from '../support/fixtures';

// The journeys run again in `npm test`, on an API answering as the business's MongoDB-style API does
// (API_DIALECT=hosted: the project 'journeys on the hosted API'). This proves each run talks to the dialect it
// was asked for.
test('the API answers in the dialect this run asked for', { tag: '@journey' }, async ({ request, site }, testInfo) => {
  const hosted = (testInfo.project.metadata as { dialect?: string }).dialect === 'hosted';
  const { data } = (await (await request.get(`${site.apiBaseUrl}event`)).json()) as { data: { _id: string; startDate: string }[] };
  const [event] = data;
  if (hosted) {
    expect(event!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(event!.startDate).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  } else {
    expect(event!._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(event!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
});
