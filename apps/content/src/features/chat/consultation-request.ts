import { business } from '@agri/ui';

/** The chat message the home page's 'Schedule Consultation' button prefills. */
export const CONSULTATION_REQUEST = `Hello ${business.name}, I would like to schedule a consultation with one of your consultants. Please share your available dates.`;
