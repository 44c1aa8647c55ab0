import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import './form-field.css';

/** What a field's control needs so that its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

interface FormFieldProps {
  label: string;
  /** The validation message; shown under the control and linked to it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label '(optional)'; fields are required by default. */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and error text tied to it (aria-describedby),
 * e.g. `<FormField label="Email" error={errors.email?.message}>{(p) => <input {...p} />}</FormField>`.
 */
export function FormField({ label, error, hint, optional = false, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="ui-field__optional"> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': optional ? undefined : true })}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<FormFieldProps, 'children' | 'className'> & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id'>;

/** A FormField whose control is a text input (`ui-input`): spread react-hook-form's `register(name)` on it. */
export function TextField({ label, error, hint, optional, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional}>
      {(control) => <input {...control} {...input} className="ui-input" />}
    </FormField>
  );
}
