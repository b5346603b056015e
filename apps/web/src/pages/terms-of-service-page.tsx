import { LegalDocument } from "../features/legal/legal-document";

/** /terms-of-service (spec §2): static text, last updated March 1, 2023. */
export default function TermsOfServicePage() {
  return <LegalDocument doc="terms" />;
}
