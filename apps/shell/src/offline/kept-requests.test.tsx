import { keptRequests, sendEnquiry } from '@agri/api-client';
import { controlConnection, networkFailure, startMockApi } from '@agri/api-client/testing';
import { ToastArea } from '@agri/ui';
import { render, screen } from '@testing-library/react';
import { sendKeptRequestsWhenOnline } from './kept-requests';

const server = startMockApi();
const connection = controlConnection();
const enquiry = { name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', mobile: '0722000111', comment: 'HACCP training for 12 staff' };

afterEach(() => localStorage.clear());

test('a kept enquiry whose first send after the connection returns fails is sent on a later try, once', async () => {
  connection.online = false;
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'kept' });
  connection.online = true;
  // The link is back, but not yet for the first request.
  server.use(networkFailure('post', 'enquiry', { once: true }));
  render(<ToastArea />);
  sendKeptRequestsWhenOnline([50]);
  expect(await screen.findByText('Your enquiry, kept while you were offline, has been sent.')).toBeInTheDocument();
  expect(keptRequests()).toEqual([]);
});
