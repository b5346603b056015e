import type { TFunction } from "i18next";
import { z } from "zod";

// The forms' rules, with messages in the interface language.

export function loginSchema(t: TFunction) {
  return z.object({
    email: z.email({ error: t("account.validation.email") }),
    password: z.string().min(6, t("account.validation.password")),
  });
}

export function registerSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(2, t("account.validation.name")),
    email: z.email({ error: t("account.validation.email") }),
  });
}

export function forgotPasswordSchema(t: TFunction) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, t("account.validation.emailRequired"))
      .pipe(z.email({ error: t("account.validation.email") })),
  });
}

/** New password and its confirmation; one message per field, the first that applies. */
export function resetPasswordSchema(t: TFunction) {
  return z
    .object({
      password: z
        .string()
        .refine((value) => value.trim() !== "", t("account.reset.passwordBlank"))
        .refine((value) => Array.from(value).length >= 8, t("account.validation.newPassword")),
      confirmPassword: z.string().min(1, t("account.validation.confirmRequired")),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: t("account.validation.mismatch"),
      path: ["confirmPassword"],
    });
}

export type LoginValues = z.infer<ReturnType<typeof loginSchema>>;
export type RegisterValues = z.infer<ReturnType<typeof registerSchema>>;
export type ForgotPasswordValues = z.infer<ReturnType<typeof forgotPasswordSchema>>;
export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;

/** A same-site path to return to after login (never another origin). */
export function safeReturnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : null;
}
