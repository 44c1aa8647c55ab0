import type { MouseEvent } from 'react';
import { TextField } from '@agri/ui';
import { Link, useNavigate } from '@agri/ui/router';
import { formatPhone } from '@agri/api-client';
import { exportLeads, LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STATUSES, leadFilterSchema, type LeadFilter } from '@agri/api-client/staff';
import { FilteredList, listCaption } from '../../features/layout/filtered-list';
import { FilterChoice, FilterDays } from '../../features/layout/staff-filters';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { useLeadsStore } from '../../features/leads/leads-store';

const FIELDS = ['kind', 'status', 'from', 'to', 'q'] as const;

/** A click anywhere on a lead's row opens it, but on its own links and controls, or when text is being selected. */
function openFromRow(event: MouseEvent<HTMLTableRowElement>, path: string, navigate: (path: string) => void) {
  if ((event.target as Element).closest('a, button, input, select') || window.getSelection()?.toString()) return;
  navigate(path);
}

/** /staff/leads: every enquiry, booking, call request and subscription, newest first, with filters and search. */
export default function LeadsPage() {
  const navigate = useNavigate();
  return (
    <FilteredList
      heading="Inbox"
      path="/staff/leads"
      fields={FIELDS}
      schema={leadFilterSchema}
      store={useLeadsStore}
      exportCsv={exportLeads}
      csvName="leads"
      filters={(filter: LeadFilter) => (
        <>
          <FilterChoice label="Kind" name="kind" value={filter.kind} any="All kinds" options={LEAD_KINDS} labelOf={(kind) => LEAD_KIND_LABELS[kind]} />
          <FilterChoice label="Status" name="status" value={filter.status} any="Any status" options={LEAD_STATUSES} />
          <FilterDays from={filter.from} to={filter.to} />
          <TextField label="Search" type="search" name="q" optional placeholder="Name, email or phone" defaultValue={filter.q ?? ''} />
        </>
      )}
      words={{ loading: 'Loading the inbox', failure: 'Could not load the inbox', empty: 'No leads match these filters.' }}
    >
      {(leads) => (
        <StaffTable columns={['Received', 'Kind', 'Name', 'Contact', 'About', 'Status']} caption={listCaption(leads.length, 'lead')}>
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
    </FilteredList>
  );
}
