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
