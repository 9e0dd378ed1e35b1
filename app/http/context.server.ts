/**
 * What every loader, action and /api handler gets: the core, the configuration, the CSP
 * nonce and the caller, plus the signed-in customer read once per request.
 */
import type { Config } from "../core/config.js";
import type { Core } from "../core/index.js";
import type { Customer } from "../core/customers.js";
import type { OnboardingState } from "../lib/onboarding.js";
import type { PageParts } from "../components/sent-markup.js";
import type { Session } from "../core/sessions.js";
import { quietObservability, type Observability } from "./observability.server.js";
import { readSessionToken } from "./session-cookie.server.js";

export interface Visitor {
  session: Session | null;
  /** Set when the session belongs to a signed-in customer. */
  customer: Customer | null;
  /**
   * The customer's state before this read when the read moved it (the age re-check: a birthday
   * since the application was saved, docs/decisions/0308; or the start day's activation), else
   * null: `customer.state` is always the state after it.
   */
  movedOnRead: OnboardingState | null;
  /** The forms the customer has a live draft of (read in the same statement): no other form's draft is looked for. */
  draftForms: string[];
}

export interface AppContext {
  [key: string]: unknown;
  core: Core;
  config: Config;
  nonce: string;
  clientAddress: string;
  /** The request's id (its log line, the X-Request-Id answered). */
  requestId: string;
  /** The logger and metrics: report through their named functions, never with customer data. */
  observability: Observability;
  /** The session and customer behind the request's cookie, read once per request. */
  visitor(): Promise<Visitor>;
  /**
   * On a request for a whole page: what only the server's render of it shows, kept out of the
   * data handed to the browser (docs/decisions/0299). Null on a client navigation's data
   * request (`.data`), whose page the browser renders from the data alone.
   */
  pageOnly: PageOnly | null;
  /**
   * A post answered with a whole page (without JavaScript). A loader runs in such a request only
   * when the action did not redirect: the page answers the post in place (a failed save's errors,
   * the error page of a post the server refused). Remix hands loaders a GET of the same address.
   */
  answersPost: boolean;
}

/**
 * What a page's loaders leave for the server's render alone (docs/decisions/0299): the document a
 * document page shows (app/components/document-view.tsx), the data page's parts (its earlier
 * contracts, its access log: app/components/sent-markup.tsx, docs/decisions/0309).
 */
export type PageOnly = PageParts;

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

export function createAppContext(input: {
  core: Core;
  config: Config;
  cookieHeader: string | null | undefined;
  nonce?: string;
  clientAddress?: string;
  requestId?: string;
  observability?: Observability;
  /** A request for a whole page rather than a client navigation's data (docs/decisions/0299). */
  wholePage?: boolean;
  /** The request's method. */
  method?: string;
}): AppContext {
  let visitor: Promise<Visitor> | undefined;
  return {
    core: input.core,
    config: input.config,
    nonce: input.nonce ?? "",
    clientAddress: input.clientAddress ?? "unknown",
    requestId: input.requestId ?? "",
    observability: input.observability ?? quietObservability(),
    pageOnly: input.wholePage ? { document: null, earlier: null, log: null } : null,
    answersPost: Boolean(input.wholePage) && input.method === "POST",
    visitor() {
      visitor ??= (async () => {
        const token = readSessionToken(input.cookieHeader, input.config.sessionSecrets);
        const found = token ? await input.core.sessions.getWithCustomer(token) : null;
        if (!found) return { session: null, customer: null, movedOnRead: null, draftForms: [] };
        const { ageFacts, customer, ...rest } = found;
        if (!customer) return { ...rest, customer, movedOnRead: null };
        // PRODUCT.md section 3: the age-dependent rules are re-checked on every read of the
        // state, and a policy whose start day has come is in force, so every page, action and
        // /api handler sees the state they give (the age's facts came with the session's read;
        // only the states before signing, and AGREEMENT_SIGNED, are looked at).
        const state = await input.core.stateOnRead(customer, ageFacts);
        return state === customer.state ? { ...rest, customer, movedOnRead: null } : { ...rest, customer: { ...customer, state }, movedOnRead: customer.state };
      })();
      return visitor;
    },
  };
}
