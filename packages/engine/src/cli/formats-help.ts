/** `verbatim transcribe --help`: what each format holds and its limits (docs/formats.md). */
export const FORMATS_HELP = `Formats:
  Subtitles   srt, vtt; ass (a style per speaker, --karaoke for word timing); ttml (IMSC 1.1
              text profile); stl (EBU-STL, binary: Latin script only, 25 or 30 fps); sbv (YouTube)
  Documents   docx, pdf (title, date, length, speakers in colour, a paragraph per speaker turn,
              page numbers; the PDF embeds Noto fonts: needs fonts-noto-cjk, and for
              other scripts fonts-noto-core and fonts-symbola); txt
  Data        csv (UTF-8 with BOM), xlsx, json (word timings), eaf (ELAN, a tier per speaker)
  Editors     fcpxml (Final Cut Pro markers), premiere (Premiere Pro markers: Final Cut Pro 7
              XML, saved as .premiere.xml), edl (DaVinci Resolve markers), avid (Media Composer
              marker text, saved as .avid.txt); timelines start at 01:00:00:00 (edl, avid)
  Not offered scc (CEA-608 captions): see docs/formats.md`;
