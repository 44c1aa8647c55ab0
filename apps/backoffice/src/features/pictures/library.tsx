// The media library's data (read on every visit) and how a list of it loads.
import type { ReactNode } from 'react';
import { createDataArea, useDataAreaFor } from '@agri/api-client';
import { getPictures, type StaffPicture } from '@agri/api-client/staff';
import { DataAreaView } from '@agri/ui';
import { ListPlaceholder } from '../layout/list-placeholder';

/** The media library, read on every visit: another member may have uploaded, described or deleted a picture. */
const usePicturesStore = createDataArea('backoffice/pictures', getPictures, { everyVisit: true });
export const reloadPictures = () => usePicturesStore.getState().run();

/** The library as a list shows it: a placeholder while it loads, its failure with a retry, then `children`. */
export function LibraryView({ children }: { children: (pictures: StaffPicture[]) => ReactNode }) {
  const area = useDataAreaFor(usePicturesStore);
  return (
    <DataAreaView
      area={area}
      placeholder={<ListPlaceholder />}
      loadingLabel="Loading the pictures"
      failure={{ title: 'Could not load the pictures' }}
      onRetry={() => void area.run()}
    >
      {children}
    </DataAreaView>
  );
}
