import { signedIn } from '../../features/session/signed-in';
import PicturesPage from './pictures-page';

export default signedIn(PicturesPage);
