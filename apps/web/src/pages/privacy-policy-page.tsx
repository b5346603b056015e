import { LegalDocument } from "../features/legal/legal-document";

/** /privacy-policy: static text, last updated March 1, 2023. */
export default function PrivacyPolicyPage() {
  return <LegalDocument doc="privacy" />;
}
