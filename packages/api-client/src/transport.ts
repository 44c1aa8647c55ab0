import axios, { AxiosError, type AxiosInstance } from 'axios';

/** One axios instance for every call; base URL and timeout come with each request. */
// The fetch adapter everywhere: the same behaviour in browsers, Node and tests (msw), timeouts included.
const http: AxiosInstance = axios.create({ adapter: 'fetch', headers: { Accept: 'application/json' } });

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  baseURL: string;
  data: unknown;
  headers: Record<string, string>;
  timeout: number;
  withCredentials: boolean;
}

/** How a request failed, in the contract's terms: no answer in time, no answer at all, or an HTTP error. */
export type TransportFailure = { kind: 'timeout' | 'network'; detail: string } | { kind: 'http'; status: number; data: unknown };

export type TransportResult = { ok: true; data: unknown } | { ok: false; failure: TransportFailure };

/** Sends one request; never throws: every failure is described. */
export async function send(request: TransportRequest): Promise<TransportResult> {
  try {
    const response = await http.request({
      ...request,
      // Status and body are checked by the caller, so a text body must not throw inside axios.
      transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
    });
    return { ok: true, data: response.data };
  } catch (error) {
    return { ok: false, failure: describe(error) };
  }
}

function describe(error: unknown): TransportFailure {
  if (!(error instanceof AxiosError)) return { kind: 'network', detail: String(error) };
  if (error.code === AxiosError.ETIMEDOUT || error.code === AxiosError.ECONNABORTED) return { kind: 'timeout', detail: error.message };
  if (!error.response) return { kind: 'network', detail: error.message };
  return { kind: 'http', status: error.response.status, data: error.response.data };
}
