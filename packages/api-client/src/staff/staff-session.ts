import { create } from 'zustand';
import type { Staff } from '../contract/staff';

/**
 * The signed-in staff member and their token, apart from the customer's session: a tab's own (session
 * storage), so closing the tab ends it on this device, and the server ends it after its idle or absolute
 * timeout anyway.
 */
export interface StaffSessionState {
  token: string | null;
  staff: Staff | null;
}

const STORAGE_KEY = 'staff-session';

function restore(): StaffSessionState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StaffSessionState | null;
    if (stored && typeof stored.token === 'string' && stored.staff) return stored;
  } catch {
    // Storage unavailable or unreadable: signed out.
  }
  return { token: null, staff: null };
}

export const useStaffSession = create<StaffSessionState>(() => (typeof window === 'undefined' ? { token: null, staff: null } : restore()));

/** Only the staff calls write the session. */
export function storeStaffSession(token: string, staff: Staff): void {
  useStaffSession.setState({ token, staff });
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token, staff }));
  } catch {
    // The session still holds for this page.
  }
}

export function clearStaffSession(): void {
  useStaffSession.setState({ token: null, staff: null });
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
