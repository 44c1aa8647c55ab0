import { FormField, TextField } from '@agri/ui';

/** A list's filter that is one of a few values, or any of them (the empty value); read from the form on Apply. */
export function FilterChoice<Value extends string>({
  label,
  name,
  value,
  any,
  options,
  labelOf = (option) => option,
}: {
  label: string;
  name: string;
  value: Value | undefined;
  any: string;
  options: readonly Value[];
  labelOf?: (option: Value) => string;
}) {
  return (
    <FormField label={label} optional>
      {(control) => (
        <select {...control} name={name} defaultValue={value ?? ''} className="ui-input staff-select">
          <option value="">{any}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A list's filter by day: from and to (each optional, both included), read from the form on Apply. */
export function FilterDays({ from, to }: { from: string | undefined; to: string | undefined }) {
  return (
    <>
      <TextField label="From" type="date" name="from" optional defaultValue={from ?? ''} />
      <TextField label="To" type="date" name="to" optional defaultValue={to ?? ''} />
    </>
  );
}

/** The filters of a list from the address (`fields` only, checked with `schema`), so a filtered list can be reloaded and shared. */
export function filterFrom<Filter>(
  search: string,
  fields: readonly string[],
  schema: { safeParse(value: unknown): { success: boolean; data?: Filter } },
): Filter {
  const params = new URLSearchParams(search);
  const raw = Object.fromEntries(fields.flatMap((field) => (params.get(field) ? [[field, params.get(field)]] : [])));
  const parsed = schema.safeParse(raw);
  return parsed.success && parsed.data ? parsed.data : ({} as Filter);
}

/** The address of a list filtered as its form says. */
export function filteredPath(path: string, fields: readonly string[], form: HTMLFormElement): string {
  const valueOf = (field: string) => {
    const control = form.elements.namedItem(field);
    return control && 'value' in control ? control.value : '';
  };
  const params = new URLSearchParams(fields.flatMap((field) => (valueOf(field) ? [[field, valueOf(field)]] : [])));
  return `${path}${params.size ? `?${params}` : ''}`;
}

/** Saves an exported list as a download, named `<what>-<today>.csv` as the server names it. */
export function downloadCsv(blob: Blob, what: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${what}-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
