import { apiUrl } from '@agri/api-client/testing';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';

/**
 * Answers the API's `method path` with `answer` and notes whether the frame called it (a logout that must
 * reach the API, a subscription that must not be sent).
 */
export function watchCall(server: SetupServer, method: 'get' | 'post', path: string, answer: object) {
  const call = { made: false };
  server.use(
    http[method](apiUrl(path), () => {
      call.made = true;
      return HttpResponse.json(answer);
    }),
  );
  return call;
}
