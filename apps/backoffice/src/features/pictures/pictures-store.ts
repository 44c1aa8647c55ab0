import { createDataArea } from '@agri/api-client';
import { getPictures } from '@agri/api-client/staff';

/** The media library, read on every visit: another member may have uploaded, described or deleted a picture. */
export const usePicturesStore = createDataArea('backoffice/pictures', getPictures, { everyVisit: true });
export const reloadPictures = () => usePicturesStore.getState().run();
