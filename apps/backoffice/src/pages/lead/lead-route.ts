import { signedIn } from '../../features/session/signed-in';
import LeadPage from './lead-page';

export default signedIn(LeadPage);
