import { lazy, Suspense } from 'react';
import { FormField, Spinner } from '@agri/ui';
import { afterPress, Controller, outsideAPress, type Control, type FieldValues, type Path } from '@agri/ui/forms';

// The editor's code (about 100 KB gzip) loads with the first form that has a rich-text field. It is put in outside a
// press: arriving taller than its placeholder, it would move the button being pressed (issue 38's lost click).
const RichTextEditor = lazy(() => outsideAPress(import('./rich-text-editor')));

interface RichTextFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  error?: string | undefined;
}

/** A rich-text field of a form: the editor, lazily, bound to react-hook-form. */
export function RichTextField<Values extends FieldValues>({ control, name, label, error }: RichTextFieldProps<Values>) {
  return (
    <FormField label={label} error={error} className="staff-form__full">
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange, onBlur } }) => (
            <Suspense
              fallback={
                <div className="staff-editor staff-editor--loading">
                  <Spinner label="Loading the editor" />
                </div>
              }
            >
              <RichTextEditor
                id={field.id}
                label={label}
                value={(value as string | undefined) ?? ''}
                onChange={onChange}
                // As useSiteForm's fields: leaving the editor by pressing a button shows its message after the click.
                onBlur={() => afterPress(onBlur)}
                describedBy={field['aria-describedby']}
                invalid={field['aria-invalid']}
              />
            </Suspense>
          )}
        />
      )}
    </FormField>
  );
}
