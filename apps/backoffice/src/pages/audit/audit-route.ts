import { signedIn } from '../../features/session/signed-in';
import AuditPage from './audit-page';

export default signedIn(AuditPage, 'admin');
