/** Contact addresses shown on the landing page, the navigation footer and the pending banner. */
export const SUPPORT_EMAIL = 'support@medchest.example';
export const SALES_EMAIL = 'sales@medchest.example';

