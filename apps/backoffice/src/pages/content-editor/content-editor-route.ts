import { signedIn } from '../../features/session/signed-in';
import ContentEditorPage from './content-editor-page';

export default signedIn(ContentEditorPage);
