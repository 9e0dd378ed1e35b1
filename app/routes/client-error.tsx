/**
 * An error a browser met (app/lib/client-error.ts, posted by the error page it showed;
 * docs/decisions/0386): counted and logged by the server's observability, capped. A resource
 * route that answers 204 to any well-formed post: what it says is believed only in its shape (a
 * route id's, an error kind of the known few), the message redacted and cut.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { CLIENT_ERROR_MESSAGE_CHARS, CLIENT_ERROR_NAMES } from "~/lib/client-error";

/** A Remix route id's shape (`root`, `routes/self-service.score_.$id`); anything else is `unknown`. */
const ROUTE_ID = /^(?:root|routes\/[A-Za-z0-9_.$[\]-]{1,80})$/;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const route = text(form.get("route"));
  const name = text(form.get("name"));
  context.observability.clientError({
    route: ROUTE_ID.test(route) ? route : "unknown",
    name: (CLIENT_ERROR_NAMES as readonly string[]).includes(name) ? name : "Error",
    // One line, opening with no space: a line break, or the line's own leading space before
    // "at", would let it pass for the stack's frames, which stay unredacted.
    message: text(form.get("message")).slice(0, CLIENT_ERROR_MESSAGE_CHARS).replace(/\s+/g, " ").trim(),
  });
  return new Response(null, { status: 204 });
}
