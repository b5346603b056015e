import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../api/client";
import { errorText } from "../api/error-text";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { Page } from "../components/ui/page";
import { unlockWatch, watchEventsPath, watchInfo } from "../features/live/api";

const grantKey = (token: string) => `verbatim.watchGrant.${token}`;
interface Line {
  text: string;
  startMs: number;
}

/** /l/{token}: anyone with the link follows a live session's captions, signed in or not. */
export default function LiveWatchPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [grant, setGrant] = useState<string | null>(() => sessionStorage.getItem(grantKey(token)));
  const [locked, setLocked] = useState(false);
  const [gone, setGone] = useState(false);
  const [ended, setEnded] = useState(false);
  const [paused, setPaused] = useState(false);
  const [large, setLarge] = useState(false);
  const [finals, setFinals] = useState<Line[]>([]);
  const [partial, setPartial] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const meta = Object.assign(document.createElement("meta"), {
      name: "referrer",
      content: "no-referrer",
    });
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let cancelled = false;
    void watchInfo(token)
      .then((info) => {
        if (cancelled) return;
        if (info.status !== "open") return setEnded(true);
        if (info.passwordRequired && !grant) return setLocked(true);
        setLocked(false);
        setPaused(info.paused);
        source = new EventSource(watchEventsPath(token, grant));
        const read = (event: Event) =>
          JSON.parse((event as MessageEvent<string>).data) as Line & {
            endMs: number;
          };
        source.addEventListener("partial", (event) => setPartial(read(event).text));
        source.addEventListener("final", (event) => {
          const line = read(event);
          setPartial("");
          setFinals((lines) =>
            lines.some((kept) => kept.startMs === line.startMs) ? lines : [...lines, line],
          );
        });
        source.addEventListener("paused", () => setPaused(true));
        source.addEventListener("resumed", () => setPaused(false));
        source.addEventListener("ended", () => {
          setEnded(true);
          source?.close();
        });
      })
      .catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 404) setGone(true);
        else
          setError(
            errorText(
              failure,
              failure instanceof Error && !(failure instanceof ApiError)
                ? failure.message
                : undefined,
            ),
          );
      });
    return () => {
      cancelled = true;
      source?.close();
    };
  }, [token, grant]);

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { grant: given } = await unlockWatch(token, password);
      sessionStorage.setItem(grantKey(token), given);
      setGrant(given);
    } catch (failure) {
      setError(
        errorText(
          failure,
          failure instanceof Error && !(failure instanceof ApiError) ? failure.message : undefined,
        ),
      );
    }
  };

  if (gone)
    return <Page title={t("live.watch.goneTitle")} intro={t("live.watch.gone")} width="narrow" />;
  if (locked) {
    return (
      <Page title={t("live.watch.title")} intro={t("live.watch.locked")} width="narrow">
        <form onSubmit={(event) => void unlock(event)} className="flex flex-col gap-4">
          <Field id="watch-password" label={t("live.watch.password")}>
            <Input
              id="watch-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </Field>
          {error && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
          <Button type="submit">{t("live.watch.open")}</Button>
        </form>
      </Page>
    );
  }
  const shown = finals.slice(-8);
  return (
    <div
      className={
        large ? "min-h-screen bg-black px-6 py-8 text-white" : "mx-auto max-w-4xl px-4 py-8"
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className={large ? "text-xl font-semibold" : "text-2xl font-bold"}>
          {t("live.watch.title")}
        </h1>
        {!ended && (
          <span className="flex items-center gap-2 text-sm font-semibold text-red-600">
            <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" aria-hidden />
            {t("live.watch.live")}
          </span>
        )}
        <Button
          variant={large ? "inverseOutline" : "outline"}
          size="sm"
          className="ml-auto max-sm:h-11"
          onClick={() => setLarge(!large)}
        >
          {large ? t("live.watch.normal") : t("live.watch.projector")}
        </Button>
      </div>
      {paused && (
        <p role="status" className="mb-4 rounded-md bg-amber-100 p-3 text-amber-900">
          {t("live.watch.paused")}
        </p>
      )}
      {ended && (
        <p role="status" className="mb-4 rounded-md bg-zinc-100 p-3 text-zinc-800">
          {t("live.watch.ended")}
        </p>
      )}
      {error && (
        <p role="alert" className="mb-4 text-red-700">
          {error}
        </p>
      )}
      <section
        aria-live="polite"
        data-testid="watch-captions"
        className={
          large ? "text-4xl leading-snug sm:text-6xl" : "text-2xl leading-relaxed sm:text-3xl"
        }
      >
        {shown.map((line) => (
          <p key={line.startMs} data-kind="final" className="mb-3">
            {line.text}
          </p>
        ))}
        {partial && (
          <p data-kind="partial" className={large ? "text-zinc-400" : "text-zinc-500"}>
            {partial}
          </p>
        )}
        {shown.length === 0 && !partial && !ended && (
          <p className="text-lg text-zinc-500">{t("live.watch.waiting")}</p>
        )}
      </section>
    </div>
  );
}
