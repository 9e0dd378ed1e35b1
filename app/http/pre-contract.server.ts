/**
 * The pre-contract information page (docs/decisions/0092): public, no session needed; a
 * signed-in customer with a package chosen and not yet signed sees their own price in it.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { htmlModel } from "../core/documents/index.js";
import { landingPath } from "../lib/route-access.js";
import { pageLanguage } from "../i18n/language.server.js";

export async function preContractPage({ request, context }: LoaderFunctionArgs) {
  const { customer } = await context.visitor();
  const language = await pageLanguage(request);
  const model = await context.core.preContract.model(customer, language);
  const back = customer ? landingPath(customer.state) : "/";
  return {
    title: `${model.title} | ${context.config.productName}`,
    language,
    model: htmlModel(model),
    pdfHref: `/api/pre-contract-information?lng=${language}`,
    back: { href: back, signedIn: customer !== null && back !== "/" },
  };
}
