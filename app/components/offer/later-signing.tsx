/**
 * The offer's signing screen (./signing.tsx), hydrated after the page (docs/decisions/0331), as
 * the layout's later parts are (app/components/hydrate-later.tsx, docs/decisions/0115): the
 * offer's form does not load its code before it is interactive.
 *
 * - A page load of `?step=signing`: the server renders the screen; hydration leaves it as sent
 *   (the frame and the screen's plain forms work) and hydrates it in place once its code is
 *   there. What the frame says meanwhile is kept for it (`heardBeforeSigning`).
 * - The form loads the code once hydrated (`preloadSigning`): a save shows the screen at once.
 *   Should the code still be on its way, the screen's first state stands in.
 * - Code that cannot load: a page load's screen stays as the server sent it; after a save the
 *   technical error is said, and "try again" loads the screen as a page.
 *
 * Its own wrapper, not hydrate-later.tsx's: what this one adds (the preload, the stand-in, the
 * failure) would cost every page's first visit its bytes.
 */
import { type ComponentProps, type ComponentType, lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import * as onServer from "./signing.server";

type Screen = typeof onServer.SigningScreen;
type Props = ComponentProps<Screen>;

let loaded: Screen | undefined;
let loading: Promise<Screen> | undefined;

/** Loads the screen's code; a load that failed is tried again at the next call. */
export function preloadSigning(): Promise<Screen> {
  return (loading ??= import("./signing").then(
    (module) => (loaded = module.SigningScreen),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

// What the frame said before the screen's code was there to hear it (a customer who signs while
// it loads): the screen takes it as it mounts. Only what comes from another window (extensions
// talk to the page from its own), and the last few: other frames may talk too.
const early: MessageEvent[] = [];
const hear = (event: MessageEvent) => {
  if (event.source === window) return;
  early.push(event);
  if (early.length > 8) early.shift();
};
if (typeof window !== "undefined") window.addEventListener("message", hear);

/** The frame's messages until the screen hears them itself: this call ends the keeping. */
function heardBeforeSigning(): MessageEvent[] {
  window.removeEventListener("message", hear);
  return early.splice(0);
}

/**
 * Memo: a parent's re-render with the same props must not reach the boundary while it waits for
 * its code (React #421 would throw the server's markup away). The frame's early messages are
 * this wrapper's to hand over, not the page's (no `heardBefore` prop).
 */
export const SigningScreen = memo(function LaterSigningScreen(props: Omit<Props, "heardBefore">) {
  // Chosen once per mount: another component type would mount the screen anew (a new signing).
  // On the server the `.server` module's, in the browser the code once loaded, else its load.
  const [Chosen] = useState<ComponentType<Props>>(() => {
    if (typeof document === "undefined") return onServer.SigningScreen;
    // The server's screen (its heading, ./signing.tsx) on the page: this render hydrates it.
    // (A state that differs between hydration and after would update the boundary, React #421.)
    const sent = document.getElementById("signing-heading") !== null;
    return (
      loaded ??
      lazy(() =>
        preloadSigning().then(
          (screen) => ({ default: screen }),
          // Code that cannot load: the server's screen stays as sent (it works as plain HTML),
          // else the failure is said.
          () => (sent ? new Promise<never>(() => {}) : { default: NotLoaded }),
        ),
      )
    );
  });
  return (
    <Suspense fallback={<Preparing />}>
      <Chosen {...props} heardBefore={heardBeforeSigning} />
    </Suspense>
  );
});

/** The screen's first state, while its code is on its way after a save. */
function Preparing() {
  const { t } = useTranslation();
  return (
    <section className="signing">
      <p role="status" className="signing__loading">
        {t("offer.signing.loading")}
      </p>
    </section>
  );
}

/** The screen's code could not load (the network): said, and the screen's page load offered. */
function NotLoaded({ door }: Props) {
  const { t } = useTranslation();
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <section className="signing">
      <div className="alert" role="alert" tabIndex={-1} ref={alert}>
        <p>{t("error.technical")}</p>
        <form method="get" action={door.retry}>
          <input type="hidden" name="step" value="signing" />
          <button type="submit" className="button">
            {t("offer.signing.retry")}
          </button>
        </form>
      </div>
    </section>
  );
}
