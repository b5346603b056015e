import { z } from "zod";
import { LANGUAGES } from "../languages.js";
import { UserResponse } from "./account.js";

// Signing up, in and out, and resetting a password. Messages are written for people, so the
// web app can show them as they are.

const Email = z.email({ error: "Invalid email address" }).max(320);

/** POST /api/auth/register. */
export const RegisterBody = z.object({
  /** Display name. */
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(200),
  /** Where the set-up link is sent. */
  email: Email,
  /** Interface language at sign-up; e-mails are written in it (absent: Accept-Language). */
  language: z.enum(LANGUAGES).optional(),
});

/** POST /api/auth/login. */
export const LoginBody = z.object({
  email: Email,
  password: z.string().min(6, "Password must be at least 6 characters").max(1024),
});

/** POST /api/auth/forgot-password. */
export const ForgotPasswordBody = z.object({ email: Email });

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const ResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(8, "Password must be at least 8 characters").max(1024),
});

/** A session token and its expiry (ISO-8601). */
export const SessionResponse = z.object({ token: z.string(), tokenExpiration: z.string() });

/** Answer to a successful login. */
export const LoginResponse = SessionResponse.extend({ user: UserResponse });

/** Answer to registration, the same whether or not the address already had an account. */
export const RegisterResponse = z.object({ emailSent: z.literal(true) });
