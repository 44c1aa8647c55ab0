import type { z } from '@agri/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';

/**
 * A form of the site: react-hook-form checked by one of the contract's schemas (its messages are the form's),
 * with messages once a field is touched (spec section 5).
 *
 * On a prerendered page a visitor may type before the page is taken over: what was typed stays (the fields are
 * uncontrolled), and a field they typed in and left counts as touched once the form's code runs, so its
 * message shows without a further keystroke.
 */
export function useSiteForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  useInputTypedBeforeTakeOver(form, defaultValues);
  return form;
}

/** Treats the fields typed in and left before the form's code ran as touched, and checks them. */
function useInputTypedBeforeTakeOver<T extends FieldValues>(form: UseFormReturn<T>, defaultValues: DefaultValues<T>) {
  const { getFieldState, getValues, setValue } = form;
  useEffect(() => {
    const focused = document.activeElement;
    for (const name of Object.keys(defaultValues) as Path<T>[]) {
      // react-hook-form keeps a value typed before it registered the field, and marks it dirty.
      if (!getFieldState(name).isDirty) continue;
      const field = document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
      if (field && field === focused) continue; // still being typed in: checked when left, as usual
      setValue(name, getValues(name) as PathValue<T, Path<T>>, { shouldTouch: true, shouldValidate: true });
    }
    // Once, when the form first runs: later edits follow the usual rules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
