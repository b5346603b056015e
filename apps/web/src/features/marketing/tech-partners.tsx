import { useTranslation } from "react-i18next";

/** The open-source projects the service runs on (names are not translated). */
const PARTNERS = [
  ["whisperCpp", "whisper.cpp"],
  ["whisper", "OpenAI Whisper"],
  ["parakeet", "NVIDIA Parakeet"],
  ["sensevoice", "SenseVoice"],
  ["silero", "Silero VAD"],
  ["ffmpeg", "FFmpeg"],
  ["opencc", "OpenCC"],
] as const;

export function TechPartners() {
  const { t } = useTranslation();
  return (
    <dl className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white">
      {PARTNERS.map(([key, name]) => (
        <div key={key} className="grid gap-1 px-5 py-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-semibold text-zinc-900">{name}</dt>
          <dd className="text-zinc-600">{t(`marketing.about.partners.${key}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
