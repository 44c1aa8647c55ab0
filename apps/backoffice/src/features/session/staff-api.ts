import { getApiSettings } from '@agri/api-client';
import { configureStaffApi } from '@agri/api-client/staff';

let configured = false;

/** The staff calls go to the site's own API base (config.json): the reference API, which has the back office. */
export function ensureStaffApi(): void {
  if (configured) return;
  configureStaffApi({ apiBaseUrl: getApiSettings().apiBaseUrl });
  configured = true;
}
