import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Comment } from "../../api/types";
import { commentTime } from "./comment-time";

/**
 * Comments in time order, replies under theirs; `actions` adds the owner's buttons, `states`
 * each comment's state (open, or resolved by the owner) for viewers of a link.
 */
export function CommentList({
  comments,
  onJump,
  actions,
  states = false,
}: {
  comments: Comment[];
  onJump?: (comment: Comment) => void;
  actions?: (comment: Comment) => ReactNode;
  /** Say of every comment (not replies) whether it is open or resolved (the shared page). */
  states?: boolean;
}) {
  const { t } = useTranslation();
  const tops = comments.filter((comment) => comment.parentId === null);
  const replies = (id: string) => comments.filter((comment) => comment.parentId === id);
  const one = (comment: Comment, reply: boolean) => (
    <li
      key={comment.id}
      data-testid="comment"
      className={clsx(
        "rounded-lg border p-3 text-sm",
        reply ? "ml-4 border-zinc-100" : "border-zinc-200",
        comment.resolvedAt && "opacity-70",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-zinc-900">
          {comment.authorName}
          {comment.byOwner && (
            <span className="ml-1 text-xs text-zinc-600">({t("sharing.comments.owner")})</span>
          )}
        </span>
        {onJump ? (
          <button
            type="button"
            className="tap-target font-mono text-xs text-blue-700 hover:underline"
            aria-label={t("sharing.comments.jump", { time: commentTime(comment) })}
            onClick={() => onJump(comment)}
          >
            {commentTime(comment)}
          </button>
        ) : (
          <span className="font-mono text-xs text-zinc-600">{commentTime(comment)}</span>
        )}
      </div>
      <p className="mt-1 break-words whitespace-pre-wrap text-zinc-800">{comment.body}</p>
      {states && !reply ? (
        <p
          data-testid="comment-state"
          className={clsx(
            "mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium",
            comment.resolvedAt ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900",
          )}
        >
          {t("sharing.comments.state", {
            state: comment.resolvedAt
              ? t("sharing.comments.resolvedByOwner")
              : t("sharing.comments.open"),
          })}
        </p>
      ) : (
        comment.resolvedAt && (
          <p className="mt-1 text-xs font-medium text-green-800">
            {t("sharing.comments.resolved")}
          </p>
        )
      )}
      {actions?.(comment)}
    </li>
  );
  return (
    <ul className="space-y-2">
      {tops.map((comment) => [
        one(comment, false),
        ...replies(comment.id).map((reply) => one(reply, true)),
      ])}
    </ul>
  );
}
