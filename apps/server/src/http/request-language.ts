import { languageFromPreferences, LANGUAGES, type Language } from "@verbatim/contract";
import type { FastifyRequest } from "fastify";
import Negotiator from "negotiator";

/**
 * The language a request asks for in its Accept-Language header (weights honoured), by the
 * same rule the web app applies to the browser's languages: zh-HK for Hong Kong, Taiwan and
 * other Traditional Chinese, else English. No header: English.
 */
export function requestLanguage(request: Pick<FastifyRequest, "headers">): Language {
  const preferred = new Negotiator({ headers: request.headers }).languages();
  return languageFromPreferences(preferred.filter((tag) => tag !== "*"));
}

export { LANGUAGES, type Language };
