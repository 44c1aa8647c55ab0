import type { Queryable } from '../db/db';
import type { Sessions } from '../sessions';
import { cancelPendingEmailChanges } from './email-changes';
import { cancelPasswordResets } from './password-resets';

/**
 * What a new password, a logout everywhere and an undone email change share: every session ends (but the
 * one the customer acts from, if given), and every link mailed for the account stops working (email
 * changes not yet confirmed, password resets), so whoever held a session or a link holds nothing.
 */
export async function closeEveryDoor(db: Queryable, sessions: Sessions, customerId: string, keepSession?: string): Promise<void> {
  await sessions.revokeAll(db, customerId, keepSession);
  await cancelPendingEmailChanges(db, customerId);
  await cancelPasswordResets(db, customerId);
}
