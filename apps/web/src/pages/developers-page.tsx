import { useRef, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { CodeBlock } from "../features/api-keys/code-block";
import { CopyButton } from "../features/api-keys/copy-button";
import {
  curlExample,
  ERROR_EXAMPLE,
  ERROR_STATUSES,
  INSTALL_EXAMPLE,
  MODELS,
  modelsExample,
  nodeExample,
  PARAMETERS,
  RESPONSE_FORMATS,
} from "../features/api-keys/examples";
import { ReferenceTable } from "../features/api-keys/reference-table";
import { Page } from "../components/ui/page";
import { SubSection } from "../features/marketing/section";

/** Where the OpenAPI document is served (by the server, outside the app's routes). */
const API_REFERENCE = "/api/docs";

const LINK =
  "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-600";
const INLINE_CODE =
  "rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[0.875em] break-words text-zinc-900";

/** /developers: the OpenAI-compatible API in short, with copy-paste examples for this origin. */
export default function DevelopersPage() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const baseUrl = `${origin}/v1`;
  const baseUrlRef = useRef<HTMLElement>(null);
  const rich = (key: string, to?: string) => (
    <Trans
      i18nKey={key}
      components={{
        code: <code className={INLINE_CODE} />,
        anchor: to ? <Link to={to} className={LINK} /> : <span />,
      }}
    />
  );

  return (
    <Page title={t("developers.title")} intro={t("developers.intro")}>
      <div className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-zinc-50 p-5 sm:p-6">
        <div className="min-w-0">
          <p className="text-sm font-medium text-zinc-700">{t("developers.baseUrl")}</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code
              ref={baseUrlRef}
              className="max-w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-sm break-all text-zinc-900"
            >
              {baseUrl}
            </code>
            <CopyButton text={baseUrl} target={baseUrlRef} what={t("developers.baseUrl")} />
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.account}>{t("developers.getKey")}</Link>
          </Button>
          <Button asChild variant="outline">
            <a href={API_REFERENCE}>{t("developers.reference")}</a>
          </Button>
        </div>
      </div>

      <div className="mt-14">
        <SubSection title={t("developers.start.title")}>
          <ol className="space-y-4">
            {(["step1", "step2", "step3"] as const).map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
                >
                  {index + 1}
                </span>
                <p className="min-w-0 pt-0.5 text-zinc-700">
                  {rich(`developers.start.${step}`, paths.account)}
                </p>
              </li>
            ))}
          </ol>
        </SubSection>

        <SubSection title={t("developers.curl.title")} intro={t("developers.curl.intro")}>
          <CodeBlock title="curl" code={curlExample(origin)} what="curl" />
        </SubSection>

        <SubSection title={t("developers.node.title")} intro={rich("developers.node.intro")}>
          <div className="space-y-4">
            <CodeBlock
              title="Terminal"
              code={INSTALL_EXAMPLE}
              what={t("developers.node.install")}
            />
            <CodeBlock title="transcribe.mjs" code={nodeExample(origin)} what="Node.js" />
            <p className="text-sm text-zinc-700">{rich("developers.node.translations")}</p>
          </div>
        </SubSection>

        <SubSection title={t("developers.params.title")} intro={t("developers.params.intro")}>
          <ReferenceTable
            head={[t("developers.params.name"), t("developers.params.description")]}
            rows={PARAMETERS.map(([name, key]) => [name, t(`developers.params.${key}`)] as const)}
          />
        </SubSection>

        <SubSection title={t("developers.formats.title")}>
          <ReferenceTable
            head={[t("developers.formats.format"), t("developers.formats.returns")]}
            rows={RESPONSE_FORMATS.map((format) => [format, t(`developers.formats.${format}`)])}
          />
        </SubSection>

        <SubSection title={t("developers.models.title")}>
          <div className="space-y-4">
            <ReferenceTable
              head={["model", t("developers.params.description")]}
              rows={MODELS.map(([name, key]) => [name, t(`developers.models.${key}`)] as const)}
            />
            <p className="text-zinc-700">{t("developers.models.installed")}</p>
            <CodeBlock
              title="curl"
              code={modelsExample(origin)}
              what={t("developers.models.listLabel")}
            />
          </div>
        </SubSection>

        <SubSection title={t("developers.limits.title")}>
          <ul className="list-disc space-y-2 pl-5 text-zinc-700 marker:text-zinc-400">
            <Item>{t("developers.limits.size")}</Item>
            <Item>{t("developers.limits.types")}</Item>
            <Item>{rich("developers.limits.minutes", paths.pricing)}</Item>
            <Item>{t("developers.limits.rate")}</Item>
          </ul>
        </SubSection>

        <SubSection title={t("developers.errors.title")} intro={t("developers.errors.intro")}>
          <div className="space-y-4">
            <CodeBlock
              title="JSON"
              code={ERROR_EXAMPLE}
              what={t("developers.errors.exampleLabel")}
            />
            <ReferenceTable
              head={[t("developers.errors.status"), t("developers.errors.meaning")]}
              rows={ERROR_STATUSES.map((status) => [status, t(`developers.errors.${status}`)])}
            />
          </div>
        </SubSection>

        <SubSection title={t("developers.more.title")}>
          <p className="text-zinc-700">{t("developers.more.text")}</p>
          <Button asChild variant="outline" className="mt-4">
            <a href={API_REFERENCE}>{t("developers.more.link")}</a>
          </Button>
        </SubSection>
      </div>
    </Page>
  );
}

function Item({ children }: { children: ReactNode }) {
  return <li className="pl-1">{children}</li>;
}
