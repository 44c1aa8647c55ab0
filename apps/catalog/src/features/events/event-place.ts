import type { Event } from '@agri/api-client';

export const venueOf = (event: Pick<Event, 'venue'>): string => event.venue?.trim() || 'Venue TBD';
export const cityOf = (event: Pick<Event, 'city'>): string => event.city?.trim() || 'City TBD';
