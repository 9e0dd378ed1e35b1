/**
 * The insurance conditions as an accessible web page beside their PDF (docs/decisions/0283):
 * public, linked from the account step's consent and the offer's documents.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PublicDocumentPage } from "~/components/public-document";
import { conditionsPage } from "~/http/pre-contract.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  return conditionsPage(args);
}

export const meta = pageMeta;

export default PublicDocumentPage;

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
