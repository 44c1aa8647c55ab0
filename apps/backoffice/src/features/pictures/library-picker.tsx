import { useState } from 'react';
import type { StaffPicture } from '@agri/api-client/staff';
import { Button, Dialog } from '@agri/ui';
import { LibraryView } from './library';

function LibraryList({ onChoose }: { onChoose: (picture: StaffPicture) => void }) {
  return (
    <LibraryView>
      {(pictures) =>
        pictures.length ? (
          <ul className="library-picker">
            {pictures.map((picture) => (
              <li key={picture.id}>
                <button type="button" className="library-picker__choice" onClick={() => onChoose(picture)}>
                  <img src={picture.thumbnail} alt="" width={160} height={120} style={{ backgroundColor: picture.placeholder }} loading="lazy" />
                  <span>{picture.description}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="staff-muted">The library has no pictures yet: add a photo instead.</p>
        )
      }
    </LibraryView>
  );
}

/** 'Choose from the library': a picture uploaded before, used again (by its reference). */
export function LibraryPicker({ onChoose }: { onChoose: (picture: StaffPicture) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Choose from the library
      </Button>
      {open ? (
        <Dialog open title="Choose a picture" onClose={() => setOpen(false)}>
          <LibraryList
            onChoose={(picture) => {
              setOpen(false);
              onChoose(picture);
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}
