/**
 * The signing screen's entry, the offer's and a beneficiary change's (the one mechanism both
 * doors' loaders go through; docs/decisions/0289, 0290): the customer's "I have signed —
 * continue" asks about the signing its frame showed; otherwise a pending signing signed at the
 * provider is completed, not replaced, and only then a new signing starts.
 */
import { redirect } from "@remix-run/node";
import type { FrameContinued } from "~/core/signing/attempts";
import type { Failure, Outcome } from "~/core/outcome";
import { SIGN_ANEW, SIGNED_IN_FRAME, signingFrameUrl, type SigningConfig } from "~/lib/signing";

export interface SigningScreenEntry {
  signing: { frameUrl: string } | null;
  signingError: string | null;
  /** The customer said they signed, and the provider has no signature yet: the same frame again, with a notice. */
  notSignedYet: boolean;
}

export async function signingScreenEntry(
  url: URL,
  use: {
    resume(): Promise<"signed" | "unconfirmed" | null>;
    continueAfterFrame(token: string): Promise<FrameContinued>;
    start(): Promise<Outcome<SigningConfig, Failure[]>>;
    /** Where a signature leads; where the screen is (its failed outcome as `?signing=failed`). */
    done: string;
    retry: string;
  },
): Promise<SigningScreenEntry> {
  const shown = (config: SigningConfig, notSignedYet = false) => ({ signing: { frameUrl: signingFrameUrl(config) }, signingError: null, notSignedYet });
  const refused = (code: string) => ({ signing: null, signingError: code, notSignedYet: false });
  const named = url.searchParams.get(SIGNED_IN_FRAME);
  if (named) {
    // Another tab's newer signing is neither concluded nor ended from here: an ended one is
    // "this signing has ended", and starting anew stays the customer's choice.
    const continued = await use.continueAfterFrame(named);
    if (continued.outcome === "waiting") return shown(continued.frame, true);
    if (continued.outcome === "refused") return refused(continued.code);
    throw redirect(continued.outcome === "signed" ? use.done : `${use.retry}?step=signing&signing=failed`);
  }
  const resumed = url.searchParams.has(SIGN_ANEW) ? null : await use.resume();
  if (resumed === "signed") throw redirect(use.done);
  if (resumed === "unconfirmed") return refused("error.signing_unconfirmed");
  const started = await use.start();
  return started.ok ? shown(started.value) : refused(started.failure[0]?.code ?? "error.technical");
}
