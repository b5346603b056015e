import { errorTextFor } from "@verbatim/contract";
import i18n from "i18next";
import type { Language } from "../i18n/language";
import { ApiError, ClientError } from "./client";

/** The interface language (i18next's, which is always one of ours once started). */
function language(): Language {
  return i18n.language === "zh-HK" ? "zh-HK" : "en";
}

/**
 * The text for a server error code in the user's language, from the error catalogue
 * (`errorTextFor`, @verbatim/contract), filled in from the error's details; null when the code
 * has no text or a detail its text names is missing.
 */
export function codeText(code: string, details?: Record<string, unknown>): string | null {
  return errorTextFor(code, language(), details);
}

/**
 * What to tell the user about any failure, in their language — never the server's own sentence,
 * which may be in another language:
 * - the server answered with a code: the catalogue's text for it, with its details;
 * - no answer came (ClientError): the text for its code (lost connection, offline, timeout…);
 * - the server answered without a code we have a text for (a proxy's page, a missing detail):
 *   `fallback`, else what the status means;
 * - anything else: `fallback`, else a general "something went wrong".
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ClientError) return i18n.t(`requestErrors.${error.code}`);
  if (error instanceof ApiError) {
    const known = error.code ? codeText(error.code, error.details) : null;
    return known ?? fallback ?? statusText(error.status);
  }
  return fallback ?? i18n.t("requestErrors.UNEXPECTED");
}

/** What an error status means when the answer says nothing we can show. */
function statusText(status: number): string {
  if (status === 413) return codeText("BODY_TOO_LARGE") ?? i18n.t("requestErrors.UNEXPECTED");
  if (status === 502 || status === 503 || status === 504)
    return i18n.t("requestErrors.UNAVAILABLE");
  return i18n.t("requestErrors.STATUS", { status });
}
