/** Font families the DOCX names (and the PDF embeds from the Noto Sans CJK collection). */
export const DOCUMENT_FONTS = {
  latin: "Noto Sans",
  cjk: "Noto Sans CJK TC",
} as const;
