import { signedIn } from '../../features/session/signed-in';
import OrderPage from './order-page';

export default signedIn(OrderPage);
