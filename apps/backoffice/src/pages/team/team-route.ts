import { signedIn } from '../../features/session/signed-in';
import TeamPage from './team-page';

export default signedIn(TeamPage, 'admin');
