import { Link } from "@remix-run/react";
import { laterPart } from "./hydrate-later";
import { useTranslation } from "~/i18n/react";
// Fingerprinted by the build (/build/_assets/logo-<hash>.svg): cached for good, so a returning
// customer's page waits for no revalidation (docs/decisions/0236).
import logo from "~/assets/logo.svg";

/** What the header shows of the root loader's data (app/root.tsx hands it down). */
export interface HeaderData {
  locale: string;
  product: string;
  marketingUrl: string;
  signedIn: { selfService: boolean } | null;
  intermediary: { name: string; logo: string } | null;
}

/**
 * A route whose page opens as a popup (the health measurement, the activity consent) sets
 * `handle = POPUP_PAGE`: its header shows the logos only. Leaving, switching the language or
 * logging out there would act on the sign-up in the main window.
 */
export const POPUP_PAGE = { minimalHeader: true } as const;

export const isPopupPage = (handle: unknown) => (handle as Partial<typeof POPUP_PAGE> | undefined)?.minimalHeader === true;

/** Header: product logo (to the marketing site), partner logo, language switch, logout; in a popup the logos only. */
export function Header({ root, minimal = false }: { root: HeaderData | null; minimal?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className={minimal ? "site-header site-header--minimal" : "site-header"}>
      <div className="site-header__brand">
        {minimal ? (
          <img className="site-header__logo" src={logo} alt={root?.product ?? ""} width="140" height="32" />
        ) : (
          <a href={root?.marketingUrl ?? "/"} className="site-header__logo">
            <img src={logo} alt={t("header.home_link", { product: root?.product ?? "" })} width="140" height="32" />
          </a>
        )}
        {root?.intermediary ? (
          <>
            <span className="site-header__plus" aria-hidden="true">
              +
            </span>
            <img
              className="site-header__partner"
              src={root.intermediary.logo}
              alt={t("header.intermediary_logo", { name: root.intermediary.name })}
              width="120"
              height="32"
            />
          </>
        ) : null}
      </div>
      {minimal ? null : (
        <div className="site-header__tools">
          <LanguageSwitch current={root?.locale} />
          {root?.signedIn ? (
            root.signedIn.selfService ? (
              <Link to="/self-service/user" className="button button--quiet">
                {t("header.user_page")}
              </Link>
            ) : (
              <LogoutButton />
            )
          ) : null}
        </div>
      )}
    </header>
  );
}

/** Logout (app/components/later-layout.tsx): hydrated after the page, a plain post until then. */
export const LogoutButton = laterPart((parts) => parts.LogoutButton);

/** The language switch (app/components/later-layout.tsx): hydrated after the page, plain links until then. */
const LanguageSwitch = laterPart((parts) => parts.LanguageSwitch);

/**
 * The insurer as every page states it (from configuration, docs/decisions/0091): name,
 * registry code, address, licence. A tuple: the root's data is on every page (HTML budget).
 */
export type FooterInsurer = [name: string, registryCode: string, address: string, licence: string];

/** The public pre-contract information page; its complaints section is the footer's complaints link. */
export const PRE_CONTRACT_PATH = "/pre-contract-information";
/** The insurance conditions' page (docs/decisions/0283). */
export const CONDITIONS_PATH = "/insurance-conditions";

/** The privacy notice's page (docs/decisions/0292): above the analytics settings (/privacy/analytics). */
export const PRIVACY_PATH = "/privacy";

/** The public accessibility statement (docs/decisions/0150), linked from every footer. */
export const ACCESSIBILITY_PATH = "/accessibility";

/** The footer: hydrated after the page (app/components/later-layout.tsx). */
export const Footer = laterPart((parts) => parts.Footer);
