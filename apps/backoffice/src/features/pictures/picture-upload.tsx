import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { messageOf } from '@agri/api-client';
import { pictureDescriptionSchema, uploadPicture, type PictureUpload as Upload, type StaffPicture } from '@agri/api-client/staff';
import { Button, FormField, toast } from '@agri/ui';
import { scalePhoto } from './scale-photo';

type Step = { at: 'choosing' } | { at: 'sending'; sent: number } | { at: 'failed'; message: string };

/**
 * Adds a photo to the media library: picked, dropped or taken with the phone's camera, previewed, described
 * (its alt text: required), scaled in the browser (unless staff keep the original) and sent with a progress
 * bar; a failed upload keeps the photo and its description for 'Try again'.
 */
export function PictureUpload({ onUploaded }: { onUploaded: (picture: StaffPicture) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<{ photo: File; preview: string } | null>(null);
  const photo = chosen?.photo ?? null;
  const [description, setDescription] = useState('');
  const [original, setOriginal] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choosing' });
  const upload = useRef<Upload | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => upload.current?.abort(), []);
  // The preview's object URL lives as long as its photo is the chosen one.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setChosen({ photo: file, preview: URL.createObjectURL(file) });
    setStep({ at: 'choosing' });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    choose(event.dataTransfer.files);
  };
  const clear = () => {
    setChosen(null);
    setDescription('');
    setProblem(null);
    setStep({ at: 'choosing' });
    if (fileInput.current) fileInput.current.value = '';
  };
  const send = async () => {
    const checked = pictureDescriptionSchema.safeParse(description);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Description is Required');
      return;
    }
    setProblem(null);
    if (!photo) return;
    setStep({ at: 'sending', sent: 0 });
    try {
      const bytes = original ? photo : await scalePhoto(photo);
      upload.current = uploadPicture(bytes, checked.data, (sent) => setStep({ at: 'sending', sent }));
      const picture = await upload.current.done;
      toast.success('The photo is in the media library');
      clear();
      onUploaded(picture);
    } catch (error) {
      setStep({ at: 'failed', message: messageOf(error, 'Could not upload the photo') });
    } finally {
      upload.current = null;
    }
  };

  const sending = step.at === 'sending';
  return (
    <div className="picture-upload" onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <label htmlFor={`${id}-file`} className="picture-upload__pick">
        {photo ? 'Choose another photo' : 'Add a photo: choose one, take one, or drop it here'}
      </label>
      <input id={`${id}-file`} ref={fileInput} type="file" accept="image/*" onChange={(event) => choose(event.target.files)} disabled={sending} />
      {chosen ? (
        <div className="picture-upload__chosen">
          <img src={chosen.preview} alt="The chosen photo" className="picture-upload__preview" width={160} height={120} />
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
              <input type="checkbox" checked={original} onChange={(event) => setOriginal(event.target.checked)} disabled={sending} /> Send the original file
              (not scaled to 2,560 px: slower on a phone link)
            </label>
            {sending ? (
              <p className="picture-upload__progress" role="status">
                <progress max={1} value={step.sent} aria-label="Upload" />{' '}
                {step.sent < 1 ? `Uploading… ${Math.round(step.sent * 100)} %` : 'Preparing the picture…'}
              </p>
            ) : null}
            {step.at === 'failed' ? (
              <p className="ui-form-failure" role="alert">
                {step.message}
              </p>
            ) : null}
            <div className="picture-upload__actions">
              <Button type="button" onClick={() => void send()} disabled={sending}>
                {step.at === 'failed' ? 'Try again' : 'Upload'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => (sending ? upload.current?.abort() : clear())}>
                {sending ? 'Stop' : 'Cancel'}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
