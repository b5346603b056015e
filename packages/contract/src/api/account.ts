import { z } from "zod";
import { LANGUAGES } from "../languages.js";

// The signed-in user as the API shows them, and the changes they make to their own account.

/** The current user as the API shows it. */
export const UserResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** Plan minutes left this period, whole minutes. */
  credits: z.number().int().describe("Plan minutes left this period, in whole minutes."),
  /** Purchased pack minutes left, whole minutes. */
  additionalCredits: z.number().int().describe("Purchased pack minutes left, in whole minutes."),
  /** One of the designated admin accounts (ADMIN_EMAILS). */
  isAdmin: z.boolean(),
  commentMails: z
    .boolean()
    .describe(
      "Whether the account gets an e-mail when someone comments through one of its share links (one per batch of comments).",
    ),
});

/** PATCH /api/account/name. */
export const NameBody = z.object({ name: z.string().max(200) });

/** PUT /api/account/language: the language of the account's e-mails and payment pages. */
export const LanguageBody = z.object({ language: z.enum(LANGUAGES) });

/** PUT /api/account/mail-preferences: which e-mails the account gets beyond the necessary ones. */
export const MailPreferencesBody = z.object({
  commentMails: z
    .boolean()
    .describe("An e-mail when someone comments through one of the account's share links."),
});

/** POST /api/account/email: asks to move the account to a new address. */
export const EmailChangeBody = z.object({
  /** The new address; the confirmation link goes there. */
  email: z.email({ error: "Invalid email address" }).max(320),
  /** The current password. */
  password: z.string().min(1, "Enter your current password").max(1024),
});

/** POST /api/account/email/confirm: the token from the link sent to the new address. */
export const EmailConfirmBody = z.object({
  token: z.string().min(1).max(200),
  email: z.email({ error: "Invalid email address" }).max(320),
});

/** The answer to a confirmed change: the account's address now. */
export const EmailConfirmed = z.object({ email: z.string() });

/** POST /api/account/password. */
export const PasswordChangeBody = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(1024),
  newPassword: z.string().min(8, "Password must be at least 8 characters").max(1024),
});

/**
 * DELETE /api/account: the confirmation is the account's own e-mail address, typed by the
 * user (compared without regard to case or surrounding spaces), so a stray call or a stolen
 * request body for another account deletes nothing.
 */
export const DeleteAccountBody = z.object({
  /** The account's password: a session alone (a borrowed device, a stolen token) cannot delete it. */
  password: z
    .string()
    .min(1, "Type your password to confirm")
    .max(1024)
    .describe("The account's current password, as confirmation."),
  /** Optional: when sent, it must be the account's e-mail address. */
  email: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .describe("Optional: when sent, it must be the account's e-mail address."),
});
