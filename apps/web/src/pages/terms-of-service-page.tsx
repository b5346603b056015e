import { LegalDocument } from "../features/legal/legal-document";

/** /terms-of-service: static text, last updated March 1, 2023. */
export default function TermsOfServicePage() {
  return <LegalDocument doc="terms" />;
}
