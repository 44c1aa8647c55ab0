import { signedIn } from '../../features/session/signed-in';
import ContentPage from './content-page';

export default signedIn(ContentPage);
