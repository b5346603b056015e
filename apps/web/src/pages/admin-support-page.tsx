import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { paths } from "../app/paths";
import { Card } from "../components/ui/card";
import { Page } from "../components/ui/page";
import { Composer, MessageList, useMarkReadInView } from "../features/support/chat-thread";
import {
  markRead,
  supportKeys,
  useConversation,
  useConversations,
  useSendMessage,
  useSupportEvents,
} from "../features/support/support-api";
import { SupportHoursNote } from "../features/support/support-hours-note";
import { dateLocale } from "../i18n/language";

/** /admin/support (admins only): every user's conversation, unread first; open one and reply. */
export default function AdminSupportPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const userId = params.get("user");
  const list = useConversations();
  const conversation = useConversation(userId);
  const send = useSendMessage(userId);
  useSupportEvents("admin");
  const read = useCallback(async () => {
    if (!userId) return;
    await markRead(userId);
    await client.invalidateQueries({ queryKey: supportKeys.conversation(userId) });
    await client.invalidateQueries({ queryKey: supportKeys.conversations });
  }, [client, userId]);
  useMarkReadInView(userId ? (conversation.data?.unread ?? 0) : 0, read);
  const open = list.data?.conversations.find((c) => c.userId === userId);

  const conversations = (
    <Card className={clsx("p-0", userId && "hidden lg:block")}>
      {list.isPending ? (
        <p role="status" className="p-4 text-sm text-zinc-600">
          {t("admin.support.loading")}
        </p>
      ) : list.isError ? (
        <p role="alert" className="p-4 text-sm text-red-800">
          {t("admin.support.failed")}
        </p>
      ) : list.data.conversations.length === 0 ? (
        <p className="p-4 text-sm text-zinc-600">{t("admin.support.none")}</p>
      ) : (
        <ul aria-label={t("admin.support.title")} className="divide-y divide-zinc-200">
          {list.data.conversations.map((c) => (
            <li key={c.userId}>
              <button
                type="button"
                onClick={() => setParams({ user: c.userId })}
                aria-current={c.userId === userId ? "true" : undefined}
                className={clsx(
                  "block w-full px-4 py-3 text-left hover:bg-zinc-50",
                  c.userId === userId && "bg-blue-50",
                )}
              >
                <div className="flex items-baseline justify-between gap-2">
                  <span
                    className={clsx(
                      "truncate text-sm text-zinc-900",
                      c.unread > 0 && "font-semibold",
                    )}
                  >
                    {c.name ? `${c.name} · ${c.email}` : c.email}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-blue-600 px-2 py-0.5 text-xs font-medium text-white">
                      {t("admin.support.unread", { count: c.unread })}
                    </span>
                  )}
                </div>
                <p className="mt-0.5 truncate text-sm text-zinc-600">{c.lastMessage.text}</p>
                <p className="text-xs text-zinc-500">
                  {new Date(c.lastMessage.createdAt).toLocaleString(dateLocale(i18n.language))}
                </p>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );

  return (
    <Page title={t("admin.support.title")} intro={t("admin.support.intro")} width="wide">
      <div className="space-y-4">
        <SupportHoursNote />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          {conversations}
          {userId ? (
            <Card className="min-w-0 space-y-4 p-4 sm:p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="min-w-0 text-lg font-semibold break-all text-zinc-900">
                  {open?.email ?? userId}
                </h2>
                <button
                  type="button"
                  className="text-sm text-blue-700 underline lg:hidden"
                  onClick={() => setParams({})}
                >
                  {t("admin.support.back")}
                </button>
              </div>
              {conversation.data ? (
                <div className="max-h-[60vh] overflow-y-auto pr-1">
                  <MessageList conversation={conversation.data} reader="support" />
                </div>
              ) : (
                <p role="status" className="text-sm text-zinc-600">
                  {t("admin.support.loading")}
                </p>
              )}
              <div className="border-t border-zinc-200 pt-4">
                <Composer onSend={(body) => send.mutateAsync(body)} />
              </div>
            </Card>
          ) : (
            <Card className="hidden text-sm text-zinc-600 lg:block">{t("admin.support.pick")}</Card>
          )}
        </div>
        <p className="text-sm">
          <Link to={paths.admin} className="text-blue-700 underline">
            {t("admin.title")}
          </Link>
        </p>
      </div>
    </Page>
  );
}
