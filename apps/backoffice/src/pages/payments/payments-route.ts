import { signedIn } from '../../features/session/signed-in';
import PaymentsPage from './payments-page';

export default signedIn(PaymentsPage);
