/**
 * The accessible HTML versions of the documents (docs/decisions/0031): one loader helper for
 * the offer's and the self-service area's document pages. The core builds the same document
 * model the PDF is drawn from; a document that is not the customer's (or not there yet) is a
 * 404 through the error page.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { Customer } from "../core/customers.js";
import { htmlModel, type DocModel } from "../core/documents/index.js";
import type { HtmlDocModel } from "../lib/document-blocks.js";
import type { Language } from "../lib/euro.js";
import { pageLanguage } from "../i18n/language.server.js";
import { SIGNED_DOCUMENT_KINDS, type SignedDocumentKind } from "../lib/signed-documents.js";
import { requireAccess } from "./guards.server.js";
import { logRequestError } from "./observability.server.js";
import { pagePart } from "./page.server.js";

/**
 * A document's model for its page (docs/decisions/0299): on a request for the whole page it is
 * kept for the server's render alone and the page's data holds null (the browser keeps the
 * markup it was sent); on a client navigation's data request the browser renders it from the
 * data.
 */
export function documentForPage(context: AppLoadContext, model: DocModel): HtmlDocModel | null {
  return pagePart(context, "document", htmlModel(model));
}

export async function documentPage(args: LoaderFunctionArgs, build: (customer: Customer, language: Language) => Promise<DocModel | null>) {
  const { customer } = await requireAccess(args);
  const language: Language = await pageLanguage(args.request);
  const model = await build(customer, language).catch((error: unknown) => {
    // A document that cannot be put together is "not found" for the customer, logged for us.
    logRequestError(args.context.observability.log, args.context.requestId, "document_view_failed", error);
    return null;
  });
  if (!model) throw new Response(null, { status: 404, statusText: "Not Found" });
  return { title: `${model.title} | ${args.context.config.productName}`, language, model: documentForPage(args.context, model) };
}

/**
 * A signed document's page (policy, payment schedule, application), for the confirmation page and
 * self-service alike; `pdfPath` names where each one's PDF is served from.
 */
export async function signedDocumentPage(args: LoaderFunctionArgs, pdfPath: (kind: SignedDocumentKind) => string) {
  const kind = SIGNED_DOCUMENT_KINDS.find((k) => k === args.params.kind);
  const { offer, policyholder } = args.context.core;
  let pdfLanguage: Language | null = null;
  const page = await documentPage(args, async (customer, language) => {
    if (!kind) return null;
    if (kind !== "application") return policyholder.documentView(customer, kind, language);
    // The signed application's PDF is the bytes signed, in the language they were signed in.
    pdfLanguage = await policyholder.signedIn(customer);
    return offer.applicationView(customer, language);
  });
  return { ...page, pdfHref: `${pdfPath(kind!)}?lng=${page.language}`, pdfLanguage };
}
