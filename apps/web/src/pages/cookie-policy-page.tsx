import { LegalDocument } from "../features/legal/legal-document";

/** /cookie-policy: static text, last updated March 1, 2023. */
export default function CookiePolicyPage() {
  return <LegalDocument doc="cookies" />;
}
