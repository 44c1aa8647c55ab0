import { useState, type FormEvent } from 'react';
import { Button, DataAreaView, FormField, TextField } from '@agri/ui';
import { Link, useLocation, useNavigate } from '@agri/ui/router';
import { messageOf, useDataAreaFor } from '@agri/api-client';
import { exportLeads, LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES, leadFilterSchema, type LeadFilter } from '@agri/api-client/staff';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { useLeadsStore } from './leads-store';

const FIELDS = ['kind', 'status', 'from', 'to', 'q'] as const;

/** The filters live in the address, so a filtered inbox can be reloaded, shared and gone back to. */
function filterOf(search: string): LeadFilter {
  const params = new URLSearchParams(search);
  const raw = Object.fromEntries(FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)]] : [])));
  const parsed = leadFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** A filter that is one of a few values, or any of them (the empty value). */
function FilterChoice<Value extends string>({
  label,
  name,
  value,
  any,
  options,
  labelOf = (option) => option,
}: {
  label: string;
  name: (typeof FIELDS)[number];
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

/** Saves the CSV as a download, named as the server names it. */
async function download(filter: LeadFilter) {
  const blob = await exportLeads(filter);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** /staff/leads: every enquiry, booking, call request and subscription, newest first, with filters and search. */
export default function LeadsPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = filterOf(search);
  const area = useDataAreaFor(useLeadsStore, filter);
  const [exportFailure, setExportFailure] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams(FIELDS.flatMap((field) => (form.get(field) ? [[field, String(form.get(field))]] : [])));
    navigate(`/staff/leads${params.size ? `?${params}` : ''}`);
  };

  return (
    <>
      <h1>Inbox</h1>
      <form className="staff-filters" onSubmit={apply} key={search} aria-label="Filters">
        <FilterChoice label="Kind" name="kind" value={filter.kind} any="All kinds" options={LEAD_KINDS} labelOf={(kind) => LEAD_KIND_LABELS[kind]} />
        <FilterChoice label="Status" name="status" value={filter.status} any="Any status" options={LEAD_STATUSES} />
        <TextField label="From" type="date" name="from" optional defaultValue={filter.from ?? ''} />
        <TextField label="To" type="date" name="to" optional defaultValue={filter.to ?? ''} />
        <TextField label="Search" type="search" name="q" optional placeholder="Name, email or phone" defaultValue={filter.q ?? ''} />
        <div className="staff-actions">
          <Button type="submit">Apply</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setExportFailure(null);
              download(filter).catch((error: unknown) => setExportFailure(messageOf(error, 'Could not export the list')));
            }}
          >
            Export CSV
          </Button>
        </div>
      </form>
      {exportFailure ? (
        <p className="staff-error" role="alert">
          {exportFailure}
        </p>
      ) : null}
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the inbox"
        failure={{ title: 'Could not load the inbox' }}
        onRetry={() => void area.run(filter)}
        empty={<p role="status">No leads match these filters.</p>}
      >
        {(leads) => (
          <StaffTable
            columns={['Received', 'Kind', 'Name', 'Contact', 'About', 'Status']}
            caption={leads.length === 500 ? 'The newest 500 that match' : `${leads.length} lead${leads.length === 1 ? '' : 's'}`}
          >
            {leads.map((lead) => (
              <tr key={lead.id}>
                <td>
                  <Link to={`/staff/leads/${encodeURIComponent(lead.id)}`}>{when(lead.createdAt)}</Link>
                </td>
                <td>{LEAD_KIND_LABELS[lead.kind]}</td>
                <td>{lead.name || '—'}</td>
                <td>
                  {lead.email}
                  {lead.phone ? <br /> : null}
                  {lead.phone}
                </td>
                <td>{lead.about}</td>
                <td>
                  <span className={`staff-badge${lead.status === 'new' ? ' staff-badge--new' : ''}`}>{lead.status}</span>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
    </>
  );
}
