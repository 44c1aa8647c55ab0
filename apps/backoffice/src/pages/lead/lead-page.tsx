import { Button, formatKes, FormField, FormSubmit, useAction } from '@agri/ui';
import { chatLink, formatPhone, toKenyanPhone } from '@agri/api-client';
import { addLeadNote, LEAD_KIND_LABELS, LEAD_STATUSES, leadNoteRequestSchema, setLeadStatus, type LeadDetail } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { ItemPage } from '../../features/layout/item-page';
import { when } from '../../features/layout/when';
import { useLeadStore } from '../../features/leads/leads-store';

/** The chat link to the visitor's own number, when they chose WhatsApp. */
function whatsAppLink(lead: LeadDetail): string | null {
  if (lead.contactMethod !== 'WhatsApp') return null;
  const number = toKenyanPhone(lead.phone);
  if (!number) return null;
  const about = lead.event?.title ?? lead.course?.title ?? 'your request';
  const chat = new URL(chatLink(`Hello ${lead.name}, this is Mavuno Agri-Food Consultants about ${about}.`));
  chat.pathname = `/${number}`;
  return chat.toString();
}

function Notes({ lead }: { lead: LeadDetail }) {
  const { register, errors, busy, failure, submit, reset } = useSiteForm(leadNoteRequestSchema, { text: '' });
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">Notes</h2>
      {lead.notes.length === 0 ? <p className="staff-muted">No notes yet.</p> : null}
      <ul className="staff-list">
        {lead.notes.map((note) => (
          <li key={note.id}>
            <p className="staff-muted">
              {note.staffEmail}, {when(note.createdAt)}
            </p>
            <p>{note.text}</p>
          </li>
        ))}
      </ul>
      <form
        className="staff-form"
        noValidate
        onSubmit={submit(async ({ text }) => {
          useLeadStore.getState().replace(await addLeadNote(lead.id, text));
          reset({ text: '' });
        })}
      >
        <FormField label="Add a note" error={errors.text?.message}>
          {(control) => <textarea {...control} {...register('text')} className="ui-input" rows={3} />}
        </FormField>
        <FormSubmit busy={busy} failure={failure} label="Add note" busyLabel="Saving..." />
      </form>
    </section>
  );
}

/** Who the lead is, how to reach them, and what they asked about. */
function LeadDetails({ lead }: { lead: LeadDetail }) {
  return (
    <dl className="staff-details">
      <dt>Status</dt>
      <dd>
        <span className={`staff-badge${lead.status === 'new' ? ' staff-badge--new' : ''}`}>{lead.status}</span>
      </dd>
      <dt>Received</dt>
      <dd>{when(lead.createdAt)}</dd>
      <dt>Email</dt>
      <dd>
        <a href={`mailto:${lead.email}`}>{lead.email}</a>
      </dd>
      {lead.phone ? (
        <>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:+${toKenyanPhone(lead.phone) ?? lead.phone.replace(/\D/g, '')}`}>{formatPhone(lead.phone)}</a>
          </dd>
        </>
      ) : null}
      {lead.kind === 'booking' || lead.kind === 'call-request' ? (
        <>
          <dt>Contact by</dt>
          <dd>{lead.contactMethod || 'No preference'}</dd>
        </>
      ) : null}
      {lead.event ? (
        <>
          <dt>Event</dt>
          <dd>
            {lead.event.title} ({lead.event.startDate} to {lead.event.endDate}), {formatKes(lead.event.price)}
          </dd>
        </>
      ) : null}
      {lead.course ? (
        <>
          <dt>Course</dt>
          <dd>
            {lead.course.title} ({lead.course.duration}), {formatKes(lead.course.price)}
          </dd>
        </>
      ) : null}
      {lead.comment !== null ? (
        <>
          <dt>Message</dt>
          <dd className="staff-message">{lead.comment}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The lead's status changes, oldest first. */
function History({ changes }: { changes: LeadDetail['changes'] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="history">
      <h2 id="history">History</h2>
      <ul className="staff-list">
        {changes.map((change) => (
          <li key={change.at}>
            {when(change.at)}: {change.from} → {change.to} by {change.staffEmail ?? 'unknown'}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Lead({ lead }: { lead: LeadDetail }) {
  const { busy, act } = useAction();
  const chat = whatsAppLink(lead);
  const move = (status: (typeof LEAD_STATUSES)[number]) =>
    act(async () => useLeadStore.getState().replace(await setLeadStatus(lead.id, status)), { done: `Marked ${status}`, failed: 'Could not change the status' });
  const next = LEAD_STATUSES.slice(LEAD_STATUSES.indexOf(lead.status) + 1);
  return (
    <>
      <h1>
        {LEAD_KIND_LABELS[lead.kind]}: {lead.name || lead.email}
      </h1>
      <div className="staff-card">
        <LeadDetails lead={lead} />
        <div className="staff-actions">
          {next.map((status) => (
            <Button key={status} variant={status === 'closed' ? 'secondary' : 'primary'} disabled={busy} onClick={() => void move(status)}>
              Mark {status}
            </Button>
          ))}
          {chat ? (
            <a className="ui-button ui-button--accent" href={chat} target="_blank" rel="noopener noreferrer">
              Chat on WhatsApp
            </a>
          ) : null}
        </div>
      </div>
      <History changes={lead.changes} />
      <Notes lead={lead} />
    </>
  );
}

/** /staff/leads/:id: one lead, its status, history and notes. */
export default function LeadPage() {
  return (
    <ItemPage store={useLeadStore} idOf={(lead) => lead.id} thing="lead" list={{ to: '/staff/leads', name: 'Inbox' }} notFoundText="It may have been removed.">
      {(lead) => <Lead lead={lead} />}
    </ItemPage>
  );
}
