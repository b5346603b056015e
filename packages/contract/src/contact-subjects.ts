/** The subjects the contact form offers, sent in English whatever the interface language. */
export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Technical Support",
  "Billing Question",
  "Feature Request",
  "Partnership",
  "Other",
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
