/**
 * The accessibility statement (issue 24 item 5, docs/decisions/0150), as the European
 * Accessibility Act asks of a consumer service: the standard aimed at, how the service was
 * tested, what does not conform yet, and how to report a barrier and to whom to turn after.
 * Public and plain: no form, no script of its own, linked from every page's footer.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "~/i18n/react";
import { PageErrorBoundary, PageHeading, pageMeta } from "~/components/every-page";
import { getT, pageTitles } from "./accessibility.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request);
  const { productName, insurer } = context.config;
  // Barrier reports go to the insurer's complaints address (configuration, docs/decisions/0091).
  return { title: pageTitles(t, context, t("title.accessibility")).plainTitle, product: productName, insurer: insurer.name, email: insurer.complaintsEmail };
}

export const meta = pageMeta;

const SECTIONS = [
  ["a11y.use.heading", ["a11y.use.keyboard", "a11y.use.nojs", "a11y.use.sliders", "a11y.use.time", "a11y.use.languages", "a11y.use.documents"]],
  ["a11y.tested.heading", ["a11y.tested.axe", "a11y.tested.keyboard", "a11y.tested.tree", "a11y.tested.spacing", "a11y.tested.reflow"]],
  ["a11y.limits.heading", ["a11y.limits.pdf", "a11y.limits.providers", "a11y.limits.assistive"]],
] as const;

export default function AccessibilityStatement() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const mail = (address: string) => <a href={`mailto:${address}`}>{address}</a>;
  return (
    <div className="page page--narrow">
      <PageHeading>{t("a11y.heading")}</PageHeading>
      <p>{t("a11y.intro", { product: page.product, insurer: page.insurer })}</p>
      <h2>{t("a11y.standard.heading")}</h2>
      <p>{t("a11y.standard.text")}</p>
      <p>{t("a11y.standard.status")}</p>
      {SECTIONS.map(([heading, items]) => (
        <div key={heading}>
          <h2>{t(heading)}</h2>
          {heading === "a11y.tested.heading" ? <p>{t("a11y.tested.intro")}</p> : null}
          <ul>
            {items.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </div>
      ))}
      <h2>{t("a11y.report.heading")}</h2>
      <p>
        <Trans i18nKey="a11y.report.text" values={{ email: page.email }} components={{ mail: mail(page.email) }} />
      </p>
      <h2>{t("a11y.enforcement.heading")}</h2>
      <p>
        <Trans i18nKey="a11y.enforcement.text" components={{ web: <a href="https://www.ttja.ee" />, mail: mail("info@ttja.ee"), et: <span lang="et" /> }} />
      </p>
      <p>{t("a11y.date")}</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
