import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { messageOf } from '@agri/api-client';
import { pictureDescriptionSchema, uploadPicture, type PictureUpload as Upload, type StaffPicture } from '@agri/api-client/staff';
import { Button, FormField, toast } from '@agri/ui';
import { scalePhoto } from './scale-photo';

type Step = { at: 'choosing' } | { at: 'sending'; sent: number } | { at: 'failed'; message: string };

/** Chosen at once at most: each needs its own description, and the library makes one picture at a time. */
export const MOST_PHOTOS_AT_ONCE = 10;

const PICK_WORDS = {
  several: { first: 'Add photos: choose them, take one, or drop them here', more: 'Add more photos' },
  one: { first: 'Add a photo: choose one, take one, or drop it here', more: 'Choose another photo' },
};

interface Chosen {
  key: number;
  photo: File;
  preview: string;
}

/**
 * Adds photos to the media library: picked (several at once, unless the field takes one picture: then a new
 * choice replaces the last), dropped or taken with the phone's camera, each previewed, described (its alt
 * text: required), scaled in the browser (unless staff keep the original) and sent with a progress bar; a
 * failed upload keeps its photo and description for 'Try again'.
 */
export function PictureUpload({ onUploaded, several = true }: { onUploaded: (picture: StaffPicture) => void; several?: boolean }) {
  const id = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const keys = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  // A preview's object URL lives as long as its photo is chosen, and no longer than the field.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const live = previews.current;
    return () => live.forEach((preview) => URL.revokeObjectURL(preview));
  }, []);

  const choose = (files: FileList | null) => {
    const photos = [...(files ?? [])].slice(0, several ? undefined : 1);
    if (photos.length === 0) return;
    // One picture to give: the new choice replaces the last (an upload of it under way stops).
    const kept = several ? chosen : [];
    if (!several) chosen.forEach(forget);
    const room = MOST_PHOTOS_AT_ONCE - kept.length;
    setTooMany(photos.length > room);
    const added = photos.slice(0, Math.max(0, room)).map((photo) => ({ key: (keys.current += 1), photo, preview: URL.createObjectURL(photo) }));
    added.forEach((each) => previews.current.add(each.preview));
    setChosen([...kept, ...added]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    choose(event.dataTransfer.files);
  };
  const forget = (gone: Chosen) => {
    URL.revokeObjectURL(gone.preview);
    previews.current.delete(gone.preview);
  };
  const remove = (gone: Chosen) => {
    forget(gone);
    setChosen((before) => before.filter((each) => each.key !== gone.key));
  };

  return (
    <div className="picture-upload" onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <label htmlFor={`${id}-file`} className="picture-upload__pick">
        {PICK_WORDS[several ? 'several' : 'one'][chosen.length > 0 ? 'more' : 'first']}
      </label>
      <input id={`${id}-file`} ref={fileInput} type="file" accept="image/*" multiple={several} onChange={(event) => choose(event.target.files)} />
      {tooMany ? (
        <p className="ui-form-failure" role="status">
          At most {MOST_PHOTOS_AT_ONCE} photos at once: upload these, then add the others
        </p>
      ) : null}
      {chosen.map((each) => (
        <ChosenPhoto key={each.key} chosen={each} onUploaded={onUploaded} onRemove={() => remove(each)} />
      ))}
    </div>
  );
}

/** One chosen photo: its preview, description and upload. */
function ChosenPhoto({ chosen, onUploaded, onRemove }: { chosen: Chosen; onUploaded: (picture: StaffPicture) => void; onRemove: () => void }) {
  const { photo, preview } = chosen;
  const [description, setDescription] = useState('');
  const [original, setOriginal] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choosing' });
  const upload = useRef<Upload | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const send = async () => {
    const checked = pictureDescriptionSchema.safeParse(description);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Description is Required');
      return;
    }
    setProblem(null);
    setStep({ at: 'sending', sent: 0 });
    try {
      const bytes = original ? photo : await scalePhoto(photo);
      upload.current = uploadPicture(bytes, checked.data, (sent) => setStep({ at: 'sending', sent }));
      const picture = await upload.current.done;
      toast.success('The photo is in the media library');
      onUploaded(picture);
      onRemove();
    } catch (error) {
      setStep({ at: 'failed', message: messageOf(error, 'Could not upload the photo') });
    } finally {
      upload.current = null;
    }
  };

  const sending = step.at === 'sending';
  return (
    <div className="picture-upload__chosen" role="group" aria-label={photo.name}>
      <img src={preview} alt={`The chosen photo, ${photo.name}`} className="picture-upload__preview" width={160} height={120} />
      <div className="picture-upload__details">
        <FormField label="Description" hint="What the photo shows, for those who cannot see it" error={problem ?? undefined}>
          {(control) => (
            <input
              {...control}
              className="ui-input"
              value={description}
              maxLength={250}
              onChange={(event) => setDescription(event.target.value)}
              // Enter uploads the photo: the field sits in the editor's form, which it must not submit.
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void send();
              }}
              disabled={sending}
            />
          )}
        </FormField>
        <label className="staff-check">
          <input type="checkbox" checked={original} onChange={(event) => setOriginal(event.target.checked)} disabled={sending} /> Send the original file (not
          scaled to 2,560 px: slower on a phone link)
        </label>
        <UploadStep step={step} />
        <div className="picture-upload__actions">
          <Button type="button" onClick={() => void send()} disabled={sending}>
            {step.at === 'failed' ? 'Try again' : 'Upload'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => (sending ? upload.current?.abort() : onRemove())}>
            {sending ? 'Stop' : 'Cancel'}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** How far an upload is: its progress bar, then the API's work; or why it failed. */
function UploadStep({ step }: { step: Step }) {
  if (step.at === 'sending') {
    return (
      <p className="picture-upload__progress" role="status">
        <progress max={1} value={step.sent} aria-label="Upload" /> {step.sent < 1 ? `Uploading… ${Math.round(step.sent * 100)} %` : 'Preparing the picture…'}
      </p>
    );
  }
  return step.at === 'failed' ? (
    <p className="ui-form-failure" role="alert">
      {step.message}
    </p>
  ) : null;
}
