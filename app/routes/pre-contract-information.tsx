/**
 * The pre-contract information as an accessible web page beside its PDF (issue 20,
 * docs/decisions/0092): public, so a buyer can read it before signing in; linked from every
 * page's footer and from the package and offer steps.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PublicDocumentPage } from "~/components/public-document";
import { preContractPage } from "~/http/pre-contract.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  return preContractPage(args);
}

export const meta = pageMeta;

export default PublicDocumentPage;

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
