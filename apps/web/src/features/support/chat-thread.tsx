import { MAX_SUPPORT_MESSAGE } from "@verbatim/contract";
import { clsx } from "clsx";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { SupportConversation, SupportMessage, SupportMessageBody } from "../../api/types";
import { Button } from "../../components/ui/button";
import { dateLocale } from "../../i18n/language";

/** A message's time, short, in the reader's language. */
function formatTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(dateLocale(language), {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** A conversation's messages, oldest first, the reader's own on the right. */
export function MessageList({
  conversation,
  reader,
  attachmentLink,
}: {
  conversation: SupportConversation;
  reader: SupportMessage["from"];
  /** Where a linked transcription opens (the user's editor); none: its name only. */
  attachmentLink?: (transcriptionId: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  const count = conversation.messages.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);
  if (count === 0) {
    return <p className="py-8 text-center text-sm text-zinc-600">{t("support.empty")}</p>;
  }
  return (
    <ol aria-label={t("support.title")} className="space-y-3">
      {conversation.messages.map((message) => {
        const own = message.from === reader;
        const attachment = message.attachment;
        const name = attachment?.fileName;
        return (
          <li
            key={message.id}
            data-from={message.from}
            className={clsx("flex", own ? "justify-end" : "justify-start")}
          >
            <div
              className={clsx(
                "max-w-[85%] rounded-2xl px-4 py-2 text-sm sm:max-w-[75%]",
                own ? "bg-blue-600 text-white" : "bg-zinc-100 text-zinc-900",
              )}
            >
              <div className={clsx("text-xs", own ? "text-blue-100" : "text-zinc-600")}>
                {message.from === "user"
                  ? reader === "user"
                    ? t("support.you")
                    : t("admin.support.user")
                  : t("support.team")}{" "}
                · {formatTime(message.createdAt, i18n.language)}
              </div>
              <p className="mt-1 break-words whitespace-pre-wrap">{message.text}</p>
              {attachment && (
                <p className={clsx("mt-1 text-xs", own ? "text-blue-50" : "text-zinc-700")}>
                  {name && attachmentLink ? (
                    <a className="underline" href={attachmentLink(attachment.transcriptionId)}>
                      {t("support.attachment", { name })}
                    </a>
                  ) : name ? (
                    t("support.attachment", { name })
                  ) : (
                    t("support.attachmentGone", { id: attachment.transcriptionId })
                  )}
                </p>
              )}
              {own && message.readAt && (
                <div className="mt-0.5 text-right text-xs text-blue-100">{t("support.read")}</div>
              )}
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden />
    </ol>
  );
}

/** The box to write in: plain text up to the limit, and what the page adds (a transcription). */
export function Composer({
  onSend,
  extra,
}: {
  onSend: (body: SupportMessageBody) => Promise<unknown>;
  extra?: { field: ReactNode; value: () => string | undefined; reset: () => void };
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const transcriptionId = extra?.value();
      await onSend({ text, ...(transcriptionId ? { transcriptionId } : {}) });
      setText("");
      extra?.reset();
    } catch (failure) {
      setError(`${t("support.sendFailed")}: ${errorText(failure)}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2">
      <label htmlFor="support-message" className="sr-only">
        {t("support.message")}
      </label>
      <textarea
        id="support-message"
        value={text}
        maxLength={MAX_SUPPORT_MESSAGE}
        rows={3}
        placeholder={t("support.placeholder")}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
        className="block w-full rounded-md border border-zinc-300 px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1">{extra?.field}</div>
        <div className="flex items-center justify-end gap-3">
          <span className="text-xs text-zinc-500">
            {t("support.chars", { count: text.length, max: MAX_SUPPORT_MESSAGE })}
          </span>
          <Button type="submit" disabled={sending || !text.trim()}>
            {sending ? t("support.sending") : t("support.send")}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * Marks the other side's messages read while the page is in view: now, and whenever the
 * conversation shows unread ones again (a message arrived) or the tab comes back into view.
 */
export function useMarkReadInView(unread: number, markRead: () => Promise<unknown>): void {
  useEffect(() => {
    const mark = () => {
      if (unread > 0 && document.visibilityState === "visible") void markRead().catch(() => {});
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [unread, markRead]);
}
