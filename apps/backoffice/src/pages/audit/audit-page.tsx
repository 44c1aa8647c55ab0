import { useState } from 'react';
import { Button, DataAreaView } from '@agri/ui';
import { createDataArea, messageOf, useDataAreaFor } from '@agri/api-client';
import { getAuditLog, getSignInFailures, type AuditEntry } from '@agri/api-client/staff';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';

// Read on every visit: each staff write adds an entry.
const useAuditStore = createDataArea('backoffice/audit', getAuditLog, { everyVisit: true });
const useSignInFailuresStore = createDataArea('backoffice/sign-in-failures', getSignInFailures, { everyVisit: true });
const PAGE = 100;

const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

/**
 * /staff/audit (admins): every staff write and sign-in, newest first, with the values before and after; then
 * the failed password sign-ins, counted per address and day (anyone can fail one, so they are not entries).
 */
export default function AuditPage() {
  const area = useDataAreaFor(useAuditStore);
  const [older, setOlder] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState<{ busy: boolean; failure: string | null; done: boolean }>({ busy: false, failure: null, done: false });
  const loadOlder = async () => {
    setMore({ busy: true, failure: null, done: false });
    try {
      const page = await getAuditLog((older.at(-1) ?? area.data?.at(-1))?.id);
      setOlder((current) => [...current, ...page]);
      setMore({ busy: false, failure: null, done: page.length < PAGE });
    } catch (error) {
      setMore({ busy: false, failure: messageOf(error, 'Could not load more'), done: false });
    }
  };
  return (
    <>
      <h1>Audit log</h1>
      <p className="staff-muted">Every change made in the back office and every sign-in. Nobody can edit it.</p>
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the audit log"
        failure={{ title: 'Could not load the audit log' }}
        onRetry={() => void area.run()}
      >
        {(newest) => (
          <>
            <StaffTable columns={['When', 'Who', 'What', 'Subject', 'Before', 'After']}>
              {[...newest, ...older].map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.staffEmail ?? '—'}</td>
                  <td>{entry.action}</td>
                  <td>{entry.subject ?? ''}</td>
                  <td>
                    <pre className="staff-message">{shown(entry.before)}</pre>
                  </td>
                  <td>
                    <pre className="staff-message">{shown(entry.after)}</pre>
                  </td>
                </tr>
              ))}
            </StaffTable>
            {more.failure ? (
              <p className="staff-error" role="alert">
                {more.failure}
              </p>
            ) : null}
            {!more.done && newest.length >= PAGE ? (
              <Button variant="secondary" disabled={more.busy} onClick={() => void loadOlder()}>
                {more.busy ? 'Loading...' : 'Older entries'}
              </Button>
            ) : null}
          </>
        )}
      </DataAreaView>

      <SignInFailures />
    </>
  );
}

/** The failed password sign-ins, per address and day. */
function SignInFailures() {
  const failures = useDataAreaFor(useSignInFailuresStore);
  return (
    <>
      <h2 id="sign-in-failures">Failed sign-ins</h2>
      <p className="staff-muted">Wrong passwords, counted per address and day for 30 days, with the first five addresses tried.</p>
      <DataAreaView
        area={failures}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the failed sign-ins"
        failure={{ title: 'Could not load the failed sign-ins' }}
        onRetry={() => void failures.run()}
        empty={<p>No failed sign-ins.</p>}
      >
        {(rows) => (
          <StaffTable columns={['Last try', 'From', 'Tries that day', 'Addresses tried']}>
            {rows.map((row) => (
              <tr key={`${row.source} ${row.day}`}>
                <td>{when(row.lastAt)}</td>
                <td>{row.source}</td>
                <td>{row.tries}</td>
                <td>{row.emails.join(', ')}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
    </>
  );
}
