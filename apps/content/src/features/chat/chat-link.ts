import { getApiSettings } from '@agri/api-client';

/** A chat-message link with the text prefilled; opening it is not an API call. */
export function chatLink(message: string): string {
  return `https://wa.me/${getApiSettings().chatNumber}?text=${encodeURIComponent(message)}`;
}

export const CONSULTATION_REQUEST =
  'Hello Mavuno Agri-Food Consultants, I would like to schedule a consultation with one of your consultants. Please share your available dates.';
