/**
 * The analytics consent (docs/decisions/0095): asked once, by a banner between the header and
 * the page on whatever page the visitor opens first, until they answer; changed later on the
 * settings page the footer links to. Never a modal: the page stays usable and its focus is its
 * own (a step page's h1 keeps it), the banner is a region with a heading that Tab, Shift+Tab and
 * a screen reader's landmarks reach.
 *
 * The banner and its form are in app/components/later-layout.tsx, hydrated after the page
 * (app/components/hydrate-later.tsx, docs/decisions/0115): until then the server's banner is a
 * plain form posting as without JavaScript.
 */
import { laterPart } from "./hydrate-later";

export const ConsentBanner = laterPart((parts) => parts.ConsentBanner);
