/**
 * The page's "Download my data" (docs/decisions/0135): the JSON file streamed as an attachment,
 * or, past the limit, back to the page, which says when the next download is possible.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/http/guards.server";
import { exportHeaders, exportStream } from "~/http/my-data.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { myData, clock } = args.context.core;
  const started = await myData.startExport(customer.id);
  // No fragment: a page with a target element skips `autofocus`, and the notice takes focus (scrolled to).
  if (!started.ok) throw redirect("/self-service/data?limited=1");
  return new Response(exportStream(started.chunks), { status: 200, headers: exportHeaders(clock) });
}
