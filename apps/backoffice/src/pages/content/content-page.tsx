import { useState } from 'react';
import { Button, ButtonLink, DataAreaView, formatKes, StatusPanel, useAction } from '@agri/ui';
import { Link, NavLink, useParams } from '@agri/ui/router';
import { cityOf, createDataArea, useDataAreaFor } from '@agri/api-client';
import { CONTENT_KINDS, deleteContentItem, getContent, setPublished, type ContentKind } from '@agri/api-client/staff';
import { ConfirmDialog } from '../../features/layout/confirm-dialog';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { CONTENT_LABELS, contentKindOf } from '../../features/content/content-kinds';

/** One row of any kind: what the list shows of it. */
interface Row {
  id: string;
  title: string;
  detail: string;
  published: boolean;
}

async function rowsOf(kind: ContentKind): Promise<Row[]> {
  const items = await getContent(kind);
  return items.map(({ item, published }) => ({
    id: item._id,
    title: item.title,
    published,
    detail:
      'startDate' in item
        ? `${item.startDate}${item.endDate !== item.startDate ? ` to ${item.endDate}` : ''}, ${cityOf(item)}, ${formatKes(item.price)}`
        : 'price' in item
          ? `${item.category}, ${formatKes(item.price)}`
          : `${item.category}, ${item.createdAt.slice(0, 10)}`,
  }));
}

// Read on every visit: staff act on what they see, and another member may have changed it.
const useContentStore = createDataArea('backoffice/content', rowsOf, { everyVisit: true });

/** /staff/content/:kind: the courses, events or posts, published or not, with what staff can do to each. */
export default function ContentPage() {
  const { kind: kindParam } = useParams();
  const kind = contentKindOf(kindParam ?? 'courses');
  if (!kind) return <StatusPanel title="Page not found" actions={<ButtonLink to="/staff/content">Publishing</ButtonLink>} />;
  return <ContentList kind={kind} />;
}

/** The kinds of content as tabs, and a new item of the one shown. */
function KindTabs({ kind }: { kind: ContentKind }) {
  return (
    <>
      <nav className="staff-tabs" aria-label="What to publish">
        {CONTENT_KINDS.map((each) => (
          <NavLink
            key={each}
            to={`/staff/content/${each}`}
            className={({ isActive }) => `ui-button ${isActive || each === kind ? 'ui-button--primary' : 'ui-button--secondary'}`}
          >
            {CONTENT_LABELS[each].plural}
          </NavLink>
        ))}
      </nav>
      <p>
        <ButtonLink to={`/staff/content/${kind}/new`} variant="accent">
          New {CONTENT_LABELS[kind].one}
        </ButtonLink>
      </p>
    </>
  );
}

/** A row's Publish (or Unpublish) and Delete. */
function RowActions({ row, busy, onPublish, onDelete }: { row: Row; busy: boolean; onPublish: () => void; onDelete: () => void }) {
  return (
    <div className="staff-actions">
      <Button variant="secondary" disabled={busy} aria-label={`${row.published ? 'Unpublish' : 'Publish'} ${row.title}`} onClick={onPublish}>
        {row.published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button variant="ghost" disabled={busy} aria-label={`Delete ${row.title}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

function ContentList({ kind }: { kind: ContentKind }) {
  const area = useDataAreaFor(useContentStore, kind);
  const { busyWith: busy, act } = useAction<string>();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const labels = CONTENT_LABELS[kind];

  const change = (row: Row, work: () => Promise<unknown>, done: string) =>
    act(
      async () => {
        await work();
        await useContentStore.getState().run(kind);
      },
      { done, failed: 'Something went wrong. Please try again.' },
      row.id,
    );

  return (
    <>
      <h1>Publishing</h1>
      <KindTabs kind={kind} />
      <p className="staff-muted">
        Changes reach the public pages within minutes (the prerendered pages are made again); visitors with a page open see them when it refreshes its data.
      </p>
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel={`Loading the ${labels.plural.toLowerCase()}`}
        failure={{ title: `Could not load the ${labels.plural.toLowerCase()}` }}
        onRetry={() => void area.run(kind)}
        empty={<p role="status">Nothing here yet.</p>}
      >
        {(rows) => (
          <StaffTable columns={['Title', 'Details', 'State', 'Actions']}>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/staff/content/${kind}/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                </td>
                <td>{row.detail}</td>
                <td>
                  <span className={`staff-badge${row.published ? '' : ' staff-badge--off'}`}>{row.published ? 'Published' : 'Unpublished'}</span>
                </td>
                <td>
                  <RowActions
                    row={row}
                    busy={busy === row.id}
                    onPublish={() => void change(row, () => setPublished(kind, row.id, !row.published), row.published ? 'Unpublished' : 'Published')}
                    onDelete={() => setDeleting(row)}
                  />
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          confirm="Delete"
          onConfirm={() => {
            const row = deleting;
            setDeleting(null);
            void change(row, () => deleteContentItem(kind, row.id), 'Deleted');
          }}
          onKeep={() => setDeleting(null)}
        >
          It is removed for good, from the site and from the back office. To take it off the site for now, unpublish it instead.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
