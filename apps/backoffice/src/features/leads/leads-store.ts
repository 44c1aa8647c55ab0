import { createDataArea } from '@agri/api-client';
import { getLead, getLeads } from '@agri/api-client/staff';

// Read on every visit (everyVisit): staff act on what they see, and another member may have changed it.
export const useLeadsStore = createDataArea('backoffice/leads', getLeads, { everyVisit: true });
export const useLeadStore = createDataArea('backoffice/lead', getLead, { everyVisit: true });
