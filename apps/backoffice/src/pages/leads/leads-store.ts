import { createDataArea } from '@agri/api-client';
import { getLead, getLeads } from '@agri/api-client/staff';

export const useLeadsStore = createDataArea('backoffice/leads', getLeads);
export const useLeadStore = createDataArea('backoffice/lead', getLead);
