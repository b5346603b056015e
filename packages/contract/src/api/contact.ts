import { z } from "zod";
import { CONTACT_SUBJECTS } from "../contact-subjects.js";
import { LANGUAGES } from "../languages.js";

// The contact form's message to support.

/** Longest accepted name and message, in characters. */
export const CONTACT_LIMITS = { name: 200, message: 5000 } as const;

/** A required text field: trimmed, not empty, at most `max` characters. */
function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** POST /api/contact: all four fields are required. */
export const ContactBody = z.object({
  /** Who is writing. */
  name: requiredText("Name", CONTACT_LIMITS.name),
  /** Where support replies (the Reply-To of the mail to support). */
  email: z
    .string({ error: "Email is required" })
    .trim()
    .pipe(z.email({ error: "Invalid email address" }).max(320, "Invalid email address")),
  /** One of {@link CONTACT_SUBJECTS}. */
  subject: z.enum(CONTACT_SUBJECTS, {
    error: `Subject must be one of: ${CONTACT_SUBJECTS.join(", ")}`,
  }),
  /** The message itself. */
  message: requiredText("Message", CONTACT_LIMITS.message),
  /** The sender's interface language; default: their account's, else English. */
  language: z.enum(LANGUAGES, { error: "Language must be en or zh-HK" }).optional(),
});

export type ContactInput = z.output<typeof ContactBody>;
