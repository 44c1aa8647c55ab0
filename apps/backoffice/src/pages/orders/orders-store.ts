import { createDataArea } from '@agri/api-client';
import { getOrders, getStaffOrder } from '@agri/api-client/staff';

export const useOrdersStore = createDataArea('backoffice/orders', getOrders);
export const useOrderStore = createDataArea('backoffice/order', getStaffOrder);
