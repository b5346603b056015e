import i18n from "i18next";
import { ApiError } from "./client";

/**
 * What to tell the user about a failed call, in their language: the app's own text for the
 * server's error code (the catalogue in packages/contract/src/error-texts, filled in from the error's details), else the
 * server's message for a code the app does not know, else `fallback`.
 */
export function errorText(error: unknown, fallback?: string): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const details = error instanceof ApiError ? error.details : undefined;
  const known = code ? codeText(code, details) : null;
  if (known) return known;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback ?? String(error);
}

/** The text for an error code, or null when there is none or its details are missing. */
export function codeText(code: string, details?: Record<string, unknown>): string | null {
  const key = `errors.${code}`;
  const template: unknown =
    i18n.getResource(i18n.language, "translation", key) ??
    i18n.getResource("en", "translation", key);
  if (typeof template !== "string") return null;
  // A text with numbers the server did not send cannot be shown; its message is used instead.
  const needed = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? "");
  if (needed.some((name) => details?.[name] === undefined)) return null;
  return i18n.t(key, details ?? {});
}
