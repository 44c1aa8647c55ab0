import { isApiError } from '@agri/api-client';
import { toast } from '@agri/ui';
import { useState } from 'react';

/** A form's failure: an error toast, and the same words kept in the form (FormError) until it is sent again. */
export function useFormFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = (message: string) => {
    setFailure(message);
    toast.error(message);
  };
  return { failure, showFailure, clearFailure: () => setFailure(null) };
}

/**
 * What to say when the server refused a form for a reason the customer can act on (a wrong current password,
 * a common new one, a limit): its own words; else `fallback`, the spec's message for the form.
 */
export const refusalOr = (error: unknown, fallback: string): string =>
  isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 401 && error.serverMessage
    ? error.serverMessage
    : fallback;
