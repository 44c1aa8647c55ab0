import { createDataArea } from '@agri/api-client';
import { getOrders, getStaffOrder } from '@agri/api-client/staff';

// Read on every visit (everyVisit): staff act on what they see, and another member may have changed it.
export const useOrdersStore = createDataArea('backoffice/orders', getOrders, { everyVisit: true });
export const useOrderStore = createDataArea('backoffice/order', getStaffOrder, { everyVisit: true });
