import { useState, type MouseEvent } from 'react';
import { changePicture, deletePicture, pictureChangeSchema, type StaffPicture } from '@agri/api-client/staff';
import { Button, FormSubmit, TextField, useAction } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { Link } from '@agri/ui/router';
import { CONTENT_LABELS } from '../../features/content/content-kinds';
import { PictureUpload } from '../../features/pictures/picture-upload';
import { LibraryView, reloadPictures } from '../../features/pictures/library';
import { ConfirmDialog } from '../../features/layout/confirm-dialog';
import { when } from '../../features/layout/when';

/** Where a tap on the picture puts its subject (0–1 from the left and the top). */
const focusAt = (event: MouseEvent<HTMLElement>) => {
  const box = event.currentTarget.getBoundingClientRect();
  const part = (offset: number, size: number) => Math.round(Math.min(1, Math.max(0, offset / size)) * 100) / 100;
  return { x: part(event.clientX - box.left, box.width), y: part(event.clientY - box.top, box.height) };
};

/** One picture: its description and its subject (tap the picture), saved together. */
function PictureCard({ picture, onDelete }: { picture: StaffPicture; onDelete: () => void }) {
  const form = useSiteForm(pictureChangeSchema, { description: picture.description, focus: picture.focus });
  const focus = form.watch('focus');
  const save = form.submit(async (change) => {
    await changePicture(picture.id, change);
    await reloadPictures();
  });
  return (
    <li className="staff-card staff-picture">
      <button
        type="button"
        className="staff-picture__frame"
        aria-label={`Put the subject of ${picture.description} here`}
        onClick={(event) => form.setValue('focus', focusAt(event), { shouldDirty: true })}
      >
        <img src={picture.thumbnail} alt="" width={picture.width} height={picture.height} style={{ backgroundColor: picture.placeholder }} loading="lazy" />
        <span className="staff-picture__focus" style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }} aria-hidden="true" />
      </button>
      <form className="staff-picture__form" noValidate onSubmit={(event) => void save(event)}>
        <TextField label="Description" error={form.errors.description?.message} {...form.register('description')} />
        <p className="staff-muted">
          {picture.width} × {picture.height} px, added {when(picture.createdAt)}. Tap the picture on its subject: every crop keeps it in view.
        </p>
        <p className="staff-muted">
          Reference: <code>{picture.reference}</code> (give it as a picture of an event or an article)
        </p>
        {picture.usedBy.length ? (
          <p>
            Shown by:{' '}
            {picture.usedBy.map((use, index) => (
              <span key={`${use.kind}/${use.id}`}>
                {index ? ', ' : ''}
                <Link to={`/staff/content/${use.kind}/${encodeURIComponent(use.id)}`}>
                  {CONTENT_LABELS[use.kind].one} “{use.title}”
                </Link>
              </span>
            ))}
          </p>
        ) : (
          <p className="staff-muted">Not shown anywhere yet.</p>
        )}
        <div className="staff-actions">
          <FormSubmit busy={form.busy} failure={form.failure} label="Save" busyLabel="Saving..." />
          <Button variant="ghost" onClick={onDelete} disabled={picture.usedBy.length > 0} aria-label={`Delete ${picture.description}`}>
            Delete
          </Button>
        </div>
      </form>
    </li>
  );
}

/** /staff/pictures: the media library. Add photos, describe them, place their subject, see where each is shown, delete unused ones. */
export default function PicturesPage() {
  const [deleting, setDeleting] = useState<StaffPicture | null>(null);
  const { act } = useAction();
  const remove = (picture: StaffPicture) => {
    setDeleting(null);
    return act(
      async () => {
        await deletePicture(picture.id);
        await reloadPictures();
      },
      { done: 'Picture deleted', failed: 'Could not delete the picture' },
    );
  };
  return (
    <>
      <h1>Pictures</h1>
      <PictureUpload onUploaded={() => void reloadPictures()} />
      <LibraryView>
        {(pictures) =>
          pictures.length ? (
            <ul className="staff-pictures">
              {pictures.map((picture) => (
                <PictureCard
                  key={`${picture.id}/${picture.description}/${picture.focus.x},${picture.focus.y}`}
                  picture={picture}
                  onDelete={() => setDeleting(picture)}
                />
              ))}
            </ul>
          ) : (
            <p className="staff-muted">No pictures yet: add the first one above.</p>
          )
        }
      </LibraryView>
      {deleting ? (
        <ConfirmDialog title={`Delete “${deleting.description}”?`} confirm="Delete" onConfirm={() => void remove(deleting)} onKeep={() => setDeleting(null)}>
          It leaves the library and cannot be brought back; nothing on the site shows it.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
