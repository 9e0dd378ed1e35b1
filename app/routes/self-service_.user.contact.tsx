/**
 * Changing the e-mail and phone in self-service (issue 22 item 2): the registration's rules, in
 * force at once, back to the user page with a notice (docs/decisions/0140). A page of its own,
 * outside the tabs' layout: its h1 is its own, so a failed post starts at the error summary
 * (the layout's h1 would take the page's one autofocus first without JavaScript).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/self-service-changes/contact-form";
import { keepOnFailure, PageErrorBoundary, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { contactAction, contactPage } from "./self-service-changes.server";

export const loader = (args: LoaderFunctionArgs) => contactPage(args);

export const action = (args: ActionFunctionArgs) => contactAction(args);

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const clientLoader = stepClientLoader;
// Without it a failed save reloaded the page, the reload failed, its bounce to this same page
// reloaded again: hundreds of requests a second until the network came back (docs/decisions/0268).
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceContact() {
  const page = useLoaderData<typeof loader>();
  const reply = useFormReply(useActionData<typeof action>());
  return (
    <div className="page page--narrow">
      <ContactForm page={page} result={reply && "result" in reply ? reply.result : undefined} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
