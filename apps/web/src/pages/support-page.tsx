import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Page } from "../components/ui/page";
import { useHistory } from "../features/history/use-history";
import { Composer, MessageList, useMarkReadInView } from "../features/support/chat-thread";
import {
  markRead,
  supportKeys,
  useMySupport,
  useSendMessage,
  useSupportEvents,
} from "../features/support/support-api";
import { SupportHoursNote } from "../features/support/support-hours-note";

/** /support (signed in): the user's live chat with support, with a transcription to link. */
export default function SupportPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const conversation = useMySupport();
  const send = useSendMessage(null);
  const { live } = useSupportEvents("mine");
  const history = useHistory("");
  const [transcriptionId, setTranscriptionId] = useState("");
  const read = useCallback(
    () => markRead(null).then(() => client.invalidateQueries({ queryKey: supportKeys.mine })),
    [client],
  );
  useMarkReadInView(conversation.data?.unread ?? 0, read);

  const picker = (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="support-attachment" className="shrink-0 text-sm text-zinc-700">
        {t("support.attach")}
      </label>
      <select
        id="support-attachment"
        value={transcriptionId}
        onChange={(event) => setTranscriptionId(event.target.value)}
        className="h-9 min-w-0 flex-1 truncate rounded-md border border-zinc-300 bg-white px-2 text-sm sm:max-w-64"
      >
        <option value="">{t("support.attachNone")}</option>
        {(history.items ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.fileName}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Page title={t("support.title")} intro={t("support.intro")}>
      <div className="space-y-4">
        <SupportHoursNote open={conversation.data?.supportOpen} />
        <Card className="space-y-4 p-4 sm:p-6">
          <div className="flex items-center justify-end text-xs text-zinc-600">
            <span
              aria-hidden
              className={`mr-1.5 inline-block size-2 rounded-full ${live ? "bg-green-500" : "bg-zinc-400"}`}
            />
            {live ? t("support.live") : t("support.reconnecting")}
          </div>
          {conversation.isPending ? (
            <p role="status" className="text-sm text-zinc-600">
              {t("support.loading")}
            </p>
          ) : conversation.isError ? (
            <div role="alert" className="space-y-3">
              <p className="text-sm text-red-800">{t("support.failed")}</p>
              <Button variant="outline" onClick={() => void conversation.refetch()}>
                {t("support.retry")}
              </Button>
            </div>
          ) : (
            <div className="max-h-[60vh] overflow-y-auto pr-1">
              <MessageList
                conversation={conversation.data}
                reader="user"
                attachmentLink={(id) => `/?job=${encodeURIComponent(id)}`}
              />
            </div>
          )}
          <div className="border-t border-zinc-200 pt-4">
            <Composer
              onSend={(body) => send.mutateAsync(body)}
              extra={{
                field: picker,
                value: () => transcriptionId || undefined,
                reset: () => setTranscriptionId(""),
              }}
            />
          </div>
        </Card>
      </div>
    </Page>
  );
}
