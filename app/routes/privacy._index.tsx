/**
 * The privacy notice as an accessible web page beside its PDF (GDPR art. 13,
 * docs/decisions/0292): public, linked from where personal data is asked (the account step, the
 * sign-in page), the data page and the footer.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PublicDocumentPage } from "~/components/public-document";
import { privacyNoticePage } from "~/http/pre-contract.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  return privacyNoticePage(args);
}

export const meta = pageMeta;

export default PublicDocumentPage;

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
