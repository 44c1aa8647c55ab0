import { signedIn } from '../../features/session/signed-in';
import OrdersPage from './orders-page';

export default signedIn(OrdersPage);
