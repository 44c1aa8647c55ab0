import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { messageOf, type z } from '@agri/api-client';

/**
 * A back-office form: react-hook-form checked by one of the contract's schemas (its messages are the form's),
 * and `submit`, which runs the call and keeps its failure beside the form; what was typed stays.
 */
export function useStaffForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (send: (values: T) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        setFailure(messageOf(error, 'Something went wrong. Please try again.'));
      }
    });
  return { ...form, errors: form.formState.errors, busy: form.formState.isSubmitting, failure, setFailure, submit };
}
