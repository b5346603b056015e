import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { useDeleteComment, useOwnerComments, useResolveComment } from "./api";
import { CommentList } from "./comment-list";

/**
 * The owner's view of the comments left through share links, beside the cues: jump to one
 * (the player seeks there), resolve, delete.
 */
export function CommentsPanel({
  transcriptionId,
  commentCount,
  onJump,
}: {
  transcriptionId: string;
  /** How many comments the transcription had when it was opened. */
  commentCount: number;
  onJump: (ms: number) => void;
}) {
  const { t } = useTranslation();
  const comments = useOwnerComments(transcriptionId, commentCount > 0);
  const resolve = useResolveComment(transcriptionId);
  const remove = useDeleteComment(transcriptionId);
  const failed = (error: unknown) => toast({ title: errorText(error), variant: "destructive" });
  if (!comments.data || comments.data.length === 0) {
    return comments.isError ? (
      <p role="alert" className="text-sm text-red-800">
        {t("sharing.comments.loadFailed")}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="comments-title" className="rounded-xl border border-zinc-200 p-3">
      <h2 id="comments-title" className="mb-2 text-sm font-semibold text-zinc-900">
        {t("sharing.comments.title")} ({comments.data.length})
      </h2>
      <CommentList
        comments={comments.data}
        onJump={(comment) => onJump(comment.startMs)}
        actions={(comment) => (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                resolve.mutate(
                  { id: comment.id, resolved: comment.resolvedAt === null },
                  { onError: failed },
                )
              }
            >
              {comment.resolvedAt ? t("sharing.comments.reopen") : t("sharing.comments.resolve")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => remove.mutate(comment.id, { onError: failed })}
            >
              {t("sharing.comments.delete")}
            </Button>
          </div>
        )}
      />
    </section>
  );
}
