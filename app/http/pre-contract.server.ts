/**
 * The public documents' pages: the pre-contract information (docs/decisions/0092), the
 * insurance conditions (docs/decisions/0283) and the privacy notice (docs/decisions/0292). No session needed; a signed-in customer with a
 * package chosen and not yet signed sees their own price in the pre-contract information.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { DocModel } from "../core/documents/index.js";
import type { Customer } from "../core/customers.js";
import type { Language } from "../lib/euro.js";
import { landingPath } from "../lib/route-access.js";
import { pageLanguage } from "../i18n/language.server.js";
import { documentForPage } from "./documents.server.js";

/** The privacy notice's PDF (docs/api.md). */
const PRIVACY_NOTICE_PDF_PATH = "/api/privacy-notice";

async function publicDocumentPage(
  { request, context }: LoaderFunctionArgs,
  document: { model: (customer: Customer | null, language: Language) => DocModel | Promise<DocModel>; pdfPath: string },
) {
  const { customer } = await context.visitor();
  const language = await pageLanguage(request);
  const model = await document.model(customer, language);
  const back = customer ? landingPath(customer.state) : "/";
  return {
    title: `${model.title} | ${context.config.productName}`,
    language,
    model: documentForPage(context, model),
    pdfHref: `${document.pdfPath}?lng=${language}`,
    back: { href: back, signedIn: customer !== null && back !== "/" },
  };
}

export type PublicDocumentPage = Awaited<ReturnType<typeof publicDocumentPage>>;

export const preContractPage = (args: LoaderFunctionArgs) =>
  publicDocumentPage(args, { model: (customer, language) => args.context.core.preContract.model(customer, language), pdfPath: "/api/pre-contract-information" });

export const conditionsPage = (args: LoaderFunctionArgs) =>
  publicDocumentPage(args, { model: (_customer, language) => args.context.core.preContract.conditions(language), pdfPath: "/api/insurance-conditions" });

export const privacyNoticePage = (args: LoaderFunctionArgs) =>
  publicDocumentPage(args, { model: (_customer, language) => args.context.core.privacyNotice.model(language), pdfPath: PRIVACY_NOTICE_PDF_PATH });
