/**
 * The accessible HTML version of a document (docs/decisions/0031-accessible-documents.md):
 * the same blocks the PDF is drawn from, as headings, description lists and tables a screen
 * reader can move through. Values sit in <bdi>, so a right-to-left name keeps its order and
 * does not pull the text around it.
 */
import { Fragment, useId, useState } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import type { HtmlDocBlock, HtmlDocModel } from "~/lib/document-blocks";
import { sentMarkup, useServerPart } from "~/components/sent-markup";
import { usePdfLanguage } from "~/components/pdf-link";

type Level = 1 | 2;

/**
 * A table of this many columns or more is too wide for a 320 px screen (WCAG 1.4.10): there its
 * rows stack, each cell beside its column's header (the beneficiaries, the premium by age). Two
 * or three columns (the premium, an invoice's lines, the payments) fit as a table; none scrolls
 * in a box of its own (docs/decisions/0281).
 */
const STACKED_FROM_COLUMNS = 4;

/**
 * A document's text, an Estonian name in it (`<et>…</et>`, WCAG 3.1.2) in its own language. The
 * text is translated already: `String` hands it to `Trans` as it is. The `et` element is made as
 * the text renders, not when the module loads: an integration test may import this source once
 * NODE_ENV is production, where the development JSX runtime's `jsxDEV` is missing.
 */
const Text = ({ text }: { text: string }) => <Trans i18nKey={text} t={String} components={{ et: <span lang="et" /> }} />;

function Heading({ level, children, id }: { level: Level | 3; children: string; id?: string }) {
  const Tag = `h${level}` as "h1" | "h2" | "h3";
  return <Tag id={id}>{children}</Tag>;
}

function Block({ block, level }: { block: HtmlDocBlock; level: Level }) {
  const { t } = useTranslation();
  const captionId = useId();
  switch (block.kind) {
    case "title":
      return (
        <>
          <Heading level={level}>{block.text}</Heading>
          <p className="document__subtitle">{block.subtitle}</p>
        </>
      );
    case "heading":
      return (
        <Heading level={(level + 1) as 2 | 3} id={block.id}>
          {block.text}
        </Heading>
      );
    case "paragraph":
      return (
        <p className={block.small ? "note" : undefined}>
          <bdi>
            <Text text={block.text} />
          </bdi>
        </p>
      );
    case "list":
      return (
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>
              <bdi>
                <Text text={item} />
              </bdi>
            </li>
          ))}
        </ul>
      );
    case "links":
      return (
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>
              <Text text={item.text} />
              {item.links.map((link, j) => (
                <Fragment key={j}>
                  {j ? " · " : " "}
                  <a href={link.href}>{link.text}</a>
                </Fragment>
              ))}
            </li>
          ))}
        </ul>
      );
    case "fields":
      return (
        <dl className="document__fields">
          {block.rows.map((row, i) => (
            <div key={i}>
              <dt>{row.label}</dt>
              <dd>
                <bdi>
                  <Text text={row.value} />
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
      );
    case "table": {
      const stacked = block.header !== undefined && block.columns.length >= STACKED_FROM_COLUMNS;
      const label = (i: number) => (stacked ? block.header?.[i] : undefined);
      return (
        <table className={stacked ? "document__table stack-table" : "document__table"}>
          {block.header ? (
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} scope="col" className={block.columns[i]?.align === "right" ? "numeric" : undefined}>
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r} className={block.total && r === block.rows.length - 1 ? "document__total" : undefined}>
                {row.map((cell, i) => {
                  const className = block.columns[i]?.align === "right" ? "numeric" : undefined;
                  return i === 0 ? (
                    <th key={i} scope="row" className={className} data-label={label(i)}>
                      <bdi>{cell.trim()}</bdi>
                    </th>
                  ) : (
                    <td key={i} className={className} data-label={label(i)}>
                      <bdi>{cell}</bdi>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case "qr":
      return (
        <figure className="document__qr" aria-labelledby={captionId}>
          <svg viewBox={`0 0 ${block.size} ${block.size}`} width="160" height="160" role="img" aria-label={t("doc.view.qr")} shapeRendering="crispEdges">
            <rect width={block.size} height={block.size} fill="#ffffff" />
            <path d={block.path} fill="#000000" />
          </svg>
          <figcaption id={captionId}>{block.caption}</figcaption>
        </figure>
      );
  }
}

/**
 * `model` is the page's data: null when only the server rendered the document; the browser then
 * keeps the markup it was sent as it is (React leaves an element's inner HTML it is given alone),
 * until a later load of the page's data brings the model. `level` 1 where the document is the
 * page, 2 under the self-service area's own h1.
 */
export function DocumentView({
  model,
  ...rest
}: {
  model: HtmlDocModel | null;
  level: Level;
  pdfHref: string;
  /** The PDF's language when it may not be the page's (the signed application, kept as signed). */
  pdfLanguage?: string | null;
  back: { href: string; label: string };
}) {
  const id = useId();
  const serverDocument = useServerPart("document");
  const shown = model ?? serverDocument;
  const [sent] = useState(() => (shown ? null : sentMarkup(id)));
  if (shown) return <DocumentArticle id={id} model={shown} {...rest} />;
  return <article id={id} className="document" lang={sent?.lang} dangerouslySetInnerHTML={{ __html: sent?.html ?? "" }} />;
}

function DocumentArticle({
  id,
  model,
  level,
  pdfHref,
  pdfLanguage = null,
  back,
}: {
  id: string;
  model: HtmlDocModel;
  level: Level;
  pdfHref: string;
  pdfLanguage?: string | null;
  back: { href: string; label: string };
}) {
  const { t } = useTranslation();
  const pdf = usePdfLanguage(pdfLanguage);
  return (
    <article id={id} className="document" lang={model.language}>
      {model.blocks.map((block, i) => (
        <Block key={i} block={block} level={level} />
      ))}
      <ul role="list" className="document__links">
        <li>
          <a href={pdfHref} download hrefLang={pdf?.hrefLang}>
            {pdf ? t("doc.view.pdf.in", { document: model.title, language: pdf.language }) : t("doc.view.pdf", { document: model.title })}
          </a>
        </li>
        <li>
          <a href={back.href}>{back.label}</a>
        </li>
      </ul>
    </article>
  );
}
