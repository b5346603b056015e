import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/client";
import { errorText } from "../api/error-text";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { Page } from "../components/ui/page";
import { unlockShare, useSharedTranscription } from "../features/sharing/api";
import { SharedView } from "../features/sharing/shared-view";

const grantKey = (token: string) => `verbatim.shareGrant.${token}`;

/** Keeps search engines off the page and its address out of Referer headers (the server says so too). */
function usePrivatePage(): void {
  useEffect(() => {
    const added = [
      Object.assign(document.createElement("meta"), { name: "robots", content: "noindex" }),
      Object.assign(document.createElement("meta"), { name: "referrer", content: "no-referrer" }),
    ];
    document.head.append(...added);
    return () => added.forEach((meta) => meta.remove());
  }, []);
}

/** /s/{token}: a shared transcription, opened without an account (its password first, if any). */
export default function SharedPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  usePrivatePage();
  const [grant, setGrant] = useState<string | null>(() => sessionStorage.getItem(grantKey(token)));
  const shared = useSharedTranscription(token, grant);
  const error = shared.error;
  const locked = error instanceof ApiError && error.code === "SHARE_PASSWORD_REQUIRED";
  const gone = error instanceof ApiError && error.status === 404;

  if (shared.data) {
    return (
      <Page
        title={shared.data.fileName}
        intro={
          shared.data.ownerName ? t("sharing.page.by", { name: shared.data.ownerName }) : undefined
        }
        width="wide"
      >
        <div className="mt-6">
          <SharedView token={token} grant={grant} shared={shared.data} />
        </div>
      </Page>
    );
  }
  if (locked) {
    return (
      <Page title={t("sharing.page.passwordTitle")} width="narrow">
        <PasswordForm
          token={token}
          onGrant={(next) => {
            sessionStorage.setItem(grantKey(token), next);
            setGrant(next);
          }}
        />
      </Page>
    );
  }
  return (
    <Page title={t("sharing.page.title")} width="narrow">
      {shared.isPending ? (
        <p role="status" className="mt-6 text-zinc-600">
          {t("common.loading")}
        </p>
      ) : (
        <p role="alert" className="mt-6 text-zinc-800">
          {gone ? t("sharing.page.gone") : errorText(error)}
        </p>
      )}
    </Page>
  );
}

function PasswordForm({ token, onGrant }: { token: string; onGrant: (grant: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onGrant((await unlockShare(token, password)).grant);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)}>
      <p className="text-zinc-700">{t("sharing.page.passwordText")}</p>
      <Field id="share-unlock" label={t("sharing.page.passwordLabel")} error={error ?? undefined}>
        <Input
          id="share-unlock"
          type="password"
          autoComplete="off"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={error ? "share-unlock-error" : undefined}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("sharing.page.opening") : t("sharing.page.open")}
      </Button>
    </form>
  );
}
