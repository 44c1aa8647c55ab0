import { useState, type FormEvent, type MouseEvent } from 'react';
import { Button, DataAreaView, TextField } from '@agri/ui';
import { Link, useLocation, useNavigate } from '@agri/ui/router';
import { formatPhone, messageOf, useDataAreaFor } from '@agri/api-client';
import { exportLeads, LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES, leadFilterSchema, type LeadFilter } from '@agri/api-client/staff';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { downloadCsv, FilterChoice, filteredPath, filterFrom } from '../../features/layout/staff-filters';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { useLeadsStore } from '../../features/leads/leads-store';

const FIELDS = ['kind', 'status', 'from', 'to', 'q'] as const;

/** Saves the filtered inbox as CSV. */
const download = async (filter: LeadFilter) => downloadCsv(await exportLeads(filter), 'leads');

/** /staff/leads: every enquiry, booking, call request and subscription, newest first, with filters and search. */
/** A click anywhere on a lead's row opens it, but on its own links and controls, or when text is being selected. */
function openFromRow(event: MouseEvent<HTMLTableRowElement>, path: string, navigate: (path: string) => void) {
  if ((event.target as Element).closest('a, button, input, select') || window.getSelection()?.toString()) return;
  navigate(path);
}

export default function LeadsPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The filters live in the address, so a filtered inbox can be reloaded, shared and gone back to.
  const filter = filterFrom<LeadFilter>(search, FIELDS, leadFilterSchema);
  const area = useDataAreaFor(useLeadsStore, filter);
  const [exportFailure, setExportFailure] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(filteredPath('/staff/leads', FIELDS, event.currentTarget));
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
              <tr
                key={lead.id}
                className="staff-table__opens"
                onClick={(event) => openFromRow(event, `/staff/leads/${encodeURIComponent(lead.id)}`, (path) => void navigate(path))}
              >
                <td>{when(lead.createdAt)}</td>
                <td>{LEAD_KIND_LABELS[lead.kind]}</td>
                <td>
                  <Link to={`/staff/leads/${encodeURIComponent(lead.id)}`}>{lead.name || 'No name given'}</Link>
                </td>
                <td>
                  {lead.email}
                  {lead.phone ? <br /> : null}
                  {lead.phone ? formatPhone(lead.phone) : null}
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
