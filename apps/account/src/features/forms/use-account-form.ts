import type { z } from '@agri/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useFormFailure } from './use-form-failure';

/**
 * An account form: react-hook-form checked by one of the contract's schemas (its messages are the form's),
 * with the form's failure (see useFormFailure).
 */
export function useAccountForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting, ...useFormFailure() };
}
