import i18n from "i18next";
import { authHeaders } from "../../api/client";
import type { ExportsBody } from "../../api/types";
import { dispositionFileName, type ExportFormat } from "../workspace/download-export";
import { uploadError } from "../workspace/upload-transport";

/**
 * Downloads transcriptions in the chosen formats as one ZIP (POST /api/exports, made on the
 * server as it streams) and saves it under the name the server gives.
 */
export async function downloadZip(ids: string[], formats: ExportFormat[]): Promise<void> {
  const body: ExportsBody = { ids, formats, lang: i18n.language === "zh-HK" ? "zh-HK" : "en" };
  const response = await fetch("/api/exports", {
    method: "POST",
    credentials: "include",
    headers: { ...authHeaders(), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw uploadError(response.status, await response.text());
  const name =
    dispositionFileName(response.headers.get("content-disposition")) ?? "transcriptions.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
