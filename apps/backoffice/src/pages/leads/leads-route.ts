import { signedIn } from '../../features/session/signed-in';
import LeadsPage from './leads-page';

export default signedIn(LeadsPage);
