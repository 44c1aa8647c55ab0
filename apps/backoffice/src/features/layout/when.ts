import { formatDate } from '@agri/ui/dates';

/** A moment as staff in Kenya read it, whatever their device is set to: 25 Nov 2026, 14:05. */
export const when = (iso: string) => formatDate(iso, 'D MMM YYYY, HH:mm');
