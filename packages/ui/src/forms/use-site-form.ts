import { messageOf, prepareToSend, type z } from '@agri/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MarkedField } from '../federation/island-protocol';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { afterPress, watchPresses } from './after-press';

/** What a form checks its values with: one of the contract's schemas, or a resolver built on one. */
export type FormRules<T extends FieldValues> = z.ZodType<T, T> | Resolver<T>;

export interface SiteFormOptions {
  /** Also told every failure's words (an account form's error toast). */
  onFailure?: (message: string) => void;
}

/** The failure's words when the form does not say: the catalogue's generic one (spec section 8). */
const SOMETHING_WENT_WRONG = 'Something went wrong!';

/**
 * The one way to make a form: react-hook-form checked by the contract's schema (its messages are the form's),
 * messages once a field is touched (spec section 5), whether it is being sent (`busy`), and why sending failed
 * (`failure`, kept beside the form until it is sent again; `onFailure` is told too).
 *
 * `submit(send, failureText)` is the form's onSubmit: it checks the values, sends them, and turns a failure into
 * the words a visitor sees (by default the call's own message, `messageOf`).
 *
 * A message caused by leaving a field waits while a pointer is pressed, until its click was handled: it would move
 * the buttons under the pointer and lose the click (after-press.ts).
 *
 * On a prerendered page a visitor may type before the page is taken over: what was typed stays (the fields are
 * uncontrolled), and a field they typed in and left (or, on a document with islands, only left) counts as touched
 * once the form's code runs, so its message shows without a further keystroke.
 */
export function useSiteForm<T extends FieldValues>(rules: FormRules<T>, defaultValues: DefaultValues<T>, { onFailure }: SiteFormOptions = {}) {
  const resolver = typeof rules === 'function' ? rules : zodResolver(rules);
  const form = useForm<T>({ resolver, defaultValues, mode: 'onTouched' });
  // The form's own fields, by name: another form on the page may use the same names (the footer's Email).
  const fields = useRef(new Map<string, Element>());
  useInputTypedBeforeTakeOver(form, defaultValues, fields);
  watchPresses();
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (message: string) => {
    setFailure(message);
    onFailure?.(message);
  };
  const submit = (send: (values: T) => Promise<unknown>, failureText: (error: unknown) => string = (error) => messageOf(error, SOMETHING_WENT_WRONG)) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        fail(failureText(error));
      }
    });

  const register = (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => {
    const field = form.register(name, options);
    return {
      ...field,
      ref: (element: Element | null) => {
        field.ref(element);
        if (element) fields.current.set(name, element);
      },
      onBlur: async (event: { target: unknown; type?: unknown }) => afterPress(() => void field.onBlur(event)),
      // Typing is the intent to send: the API client's transport is asked for meanwhile.
      onChange: async (event: { target: unknown; type?: unknown }) => {
        prepareToSend();
        return field.onChange(event);
      },
    };
  };

  return {
    ...form,
    register,
    errors: form.formState.errors,
    busy: form.formState.isSubmitting,
    failure,
    fail,
    clearFailure: () => setFailure(null),
    submit,
  };
}

/** A form made with useSiteForm. */
export type SiteForm<T extends FieldValues> = ReturnType<typeof useSiteForm<T>>;

/** Treats the fields typed in or left before the form's code ran as touched, and checks them. */
function useInputTypedBeforeTakeOver<T extends FieldValues>(form: UseFormReturn<T>, defaultValues: DefaultValues<T>, fields: RefObject<Map<string, Element>>) {
  const { getFieldState, getValues, setValue } = form;
  useEffect(() => {
    const focused = document.activeElement;
    for (const name of Object.keys(defaultValues) as Path<T>[]) {
      const field: MarkedField | undefined = fields.current.get(name);
      const left = field?.leftBeforeCode === true;
      if (field) delete field.leftBeforeCode;
      // react-hook-form keeps a value typed before it registered the field, and marks it dirty.
      if (!getFieldState(name).isDirty && !left) continue;
      prepareToSend();
      if (field && field === focused) continue; // still being typed in: checked when left, as usual
      setValue(name, getValues(name) as PathValue<T, Path<T>>, { shouldTouch: true, shouldValidate: true });
    }
    // Once, when the form first runs: later edits follow the usual rules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
