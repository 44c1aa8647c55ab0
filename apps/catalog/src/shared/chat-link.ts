import { getApiSettings } from '@agri/api-client';

/** A chat-message link with the text prefilled; it opens the business's chat, it is not an API call. */
export function chatLink(text: string): string {
  return `https://wa.me/${getApiSettings().chatNumber}?text=${encodeURIComponent(text)}`;
}

/** The page the visitor is on, for a shared or copied link. */
export function currentPageUrl(): string {
  return window.location.href;
}
