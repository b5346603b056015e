import i18n from "i18next";
import { download } from "../../api/client";
import type { ExportsBody } from "../../api/types";
import { dispositionFileName, saveBlob, type ExportFormat } from "../workspace/download-export";

/**
 * Downloads transcriptions in the chosen formats as one ZIP (POST /api/exports, made on the
 * server as it streams) and saves it under the name the server gives.
 */
export async function downloadZip(ids: string[], formats: ExportFormat[]): Promise<void> {
  const json: ExportsBody = { ids, formats, lang: i18n.language === "zh-HK" ? "zh-HK" : "en" };
  const { blob, disposition } = await download("/api/exports", { json });
  saveBlob(blob, dispositionFileName(disposition) ?? "transcriptions.zip");
}
