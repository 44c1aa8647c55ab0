import { useInteractive } from '@agri/ui';
import { useLocation } from '@agri/ui/router';

/**
 * The page's query (`?redirect=/cart`), once the page answers. The log-in, register and forgot-password cards are
 * documents made once for every query: the render that takes the prerendered card over must draw it without one,
 * the next draws what the query says (its links that keep it are given it by the page's loader: KEEPS_QUERY).
 */
export function usePageSearch(): string {
  const { search } = useLocation();
  return useInteractive() ? search : '';
}
