import { errorTextFor, isErrorCode } from "@verbatim/contract";
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
 * What to tell the user about any failure, in their language:
 * - the server answered with a code: the catalogue's text for it, with its details; a code this
 *   build does not know (a newer server) has the server's own message, which every request asks
 *   for in the interface's language (Accept-Language);
 * - no answer came (ClientError): the text for its code (lost connection, offline, timeout…);
 * - the server answered without a code we have a text for (a proxy's page, a missing detail):
 *   `fallback`, else what the status means;
 * - anything else: `fallback`, else a general "something went wrong".
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ClientError) return i18n.t(`requestErrors.${error.code}`);
  if (error instanceof ApiError) {
    if (error.code) {
      const known = codeText(error.code, error.details);
      if (known) return known;
      if (!isErrorCode(error.code) && error.serverMessage) return error.serverMessage;
    }
    return fallback ?? statusText(error.status);
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
