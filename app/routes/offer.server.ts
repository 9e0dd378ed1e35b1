/** Server helpers of the offer route (app/routes/offer.tsx). */
import { redirect } from "@remix-run/node";
import { nextPath, openSteps } from "~/lib/route-access";
import type { Customer } from "~/core/customers";
import { serviceSummaries } from "~/core/proposal/index";
import { ageTableLines, pageTerm } from "~/core/contract-term";
import { signingOutcomeParam } from "~/lib/signing-outcome";
import type { AppContext } from "~/http/context.server";
import { signingScreenEntry } from "~/http/signing-screen.server";
import { markFailed, pageTitles } from "~/http/failed-request.server";
import { formReply } from "~/http/form.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { pageLanguage } from "~/i18n/language.server";
import { getT } from "~/i18n/i18next.server";
import { placePath } from "~/lib/onboarding";
import { parseWithZod } from "~/lib/form-parse";
import { OFFER_INTENT } from "~/lib/offer-fields";
import { offerSchema } from "~/lib/offer-schema";

// The route's server half comes from here only: every further .server module a route imports
// is one more tiny chunk in the browser build (docs/decisions/0043).
export { draftReply } from "~/http/drafts.server";
export { stepAction } from "~/http/form.server";
export { requireAccess } from "~/http/guards.server";

export async function offerPage({ request, context }: { request: Request; context: AppContext }, customer: Customer) {
  const language = await pageLanguage(request);
  const t = await getT(language);
  const viewed = await context.core.offer.view(customer);
  const url = new URL(request.url);
  // Entering the signing screen completes a signing signed in the frame (the customer's "I have
  // signed — continue", the session ended meanwhile, the provider did not confirm it), else
  // starts one: the page works the same without JavaScript.
  const screen =
    viewed.ok && url.searchParams.get("step") === "signing"
      ? await signingScreenEntry(url, {
          resume: () => context.core.offer.resumeSigning(customer),
          continueAfterFrame: (token) => context.core.offer.continueSigning(customer, token),
          start: async () => {
            const started = await context.core.offer.startSigning(customer, language);
            if (!started.ok && started.failure.some((f) => f.code === "error.no_offer")) throw redirect(placePath("offer"));
            return started;
          },
          done: nextPath("offer"),
          retry: placePath("offer"),
        })
      : { signing: null, signingError: null, notSignedYet: false };
  return {
    ...pageTitles(t, context, t("title.offer")),
    language,
    openSteps: openSteps(customer.state),
    // Null when an earlier step is missing (a state set by hand): the page says so.
    offer: viewed.ok ? { ...viewed.value, term: pageTerm(viewed.value.term), premiumByAge: ageTableLines(viewed.value.premiumByAge) } : null,
    /** The chosen packages' names and descriptions, from the package step's catalogue. */
    services: viewed.ok ? viewed.value.services.flatMap((code) => serviceSummaries(language).filter((s) => s.code === code)) : [],
    ...screen,
    /** How the previous attempt ended (the no-JavaScript path comes back here with it), or null. */
    signingFailed: signingOutcomeParam(url.searchParams.get("signing")),
    frameOrigin: context.core.offer.provider.frameOrigin,
    submissionKey: newSubmissionKey(),
  };
}

/** The form as posted, through the schema (here, not in the route: the browser loads zod after hydration, docs/decisions/0043). */
export const parseOfferForm = (formData: FormData) => parseWithZod(formData, { schema: offerSchema });

/**
 * Without JavaScript the confirmation is a page state: review shows it, edit goes back. A
 * review of an offer changed since the page showed it (another tab's package or answers,
 * midnight) says so, as the save does (docs/decisions/0305, 0344), rather than confirming the
 * offer as it is now in silence: the page shows the current offer under the message.
 */
export async function confirmationReply(context: AppContext, customer: Customer, submission: Extract<ReturnType<typeof parseOfferForm>, { status: "success" }>, intent: unknown) {
  const shown = submission.value.offerVersion;
  if (intent === OFFER_INTENT.review && shown !== undefined && !(await context.core.offer.isCurrent(customer, shown))) {
    markFailed(context);
    return formReply(submission.reply({ formErrors: ["error.offer_changed"] }), { confirm: false }, 409);
  }
  return formReply(submission.reply(), { confirm: intent === OFFER_INTENT.review });
}
