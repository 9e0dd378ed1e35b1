import { Form, Link, useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { hasUnsavedChanges, leaveWithoutAsking, Modal } from "./form-shell";
import { ANALYTICS_CONSENT_PATH } from "~/lib/analytics";
import { useTranslation } from "~/lib/i18n";
import { supportedLngs } from "~/i18n";

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
          <img className="site-header__logo" src="/logo.svg" alt={root?.product ?? ""} width="140" height="32" />
        ) : (
          <a href={root?.marketingUrl ?? "/"} className="site-header__logo">
            <img src="/logo.svg" alt={t("header.home_link", { product: root?.product ?? "" })} width="140" height="32" />
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

/**
 * Logout. A form with unsaved changes asks first, as leaving the page does (the leave-page
 * guard's modal, with "log out without saving"); without JavaScript a plain post.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  return (
    <>
      <Form
        method="post"
        action="/logout"
        reloadDocument
        className="inline-form"
        ref={form}
        onSubmit={(event) => {
          if (!hasUnsavedChanges()) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        <button type="submit" className="button button--quiet">
          {t("header.logout")}
        </button>
      </Form>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        heading={t("form.leave.heading")}
        actions={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setAsking(false)}>
              {t("form.leave.stay")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                leaveWithoutAsking();
                form.current?.submit();
              }}
            >
              {t("form.logout.confirm")}
            </button>
          </>
        }
      >
        <p>{t("form.leave.text")}</p>
      </Modal>
    </>
  );
}

/** Plain links (`?lng=xx`): they work without JavaScript; the server remembers the choice. */
function LanguageSwitch({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav aria-label={t("language.switch")} className="language-switch">
      <ul>
        {supportedLngs.map((lng) => {
          const search = new URLSearchParams(location.search);
          search.set("lng", lng);
          return (
            <li key={lng}>
              <Link
                to={`${location.pathname}?${search}`}
                reloadDocument
                lang={lng}
                hrefLang={lng}
                aria-current={lng === current ? "true" : undefined}
              >
                {t(`language.${lng}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The insurer as every page states it (from configuration, docs/decisions/0091): name,
 * registry code, address, licence. A tuple: the root's data is on every page (HTML budget).
 */
export type FooterInsurer = [name: string, registryCode: string, address: string, licence: string];

/** The public pre-contract information page; its complaints section is the footer's complaints link. */
export const PRE_CONTRACT_PATH = "/pre-contract-information";

export function Footer({ product, year, insurer }: { product: string; year: number; insurer?: FooterInsurer | null }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t("footer.disclaimer", { year, product })}</p>
      {insurer ? <InsurerFacts insurer={insurer} /> : null}
      <p>
        <Link to={ANALYTICS_CONSENT_PATH}>{t("consent.settings.link")}</Link>
      </p>
    </footer>
  );
}

/** Who the insurer is, its licence and supervisor, and where to read more or complain. */
function InsurerFacts({ insurer: [name, code, address, licence] }: { insurer: FooterInsurer }) {
  const { t } = useTranslation();
  return (
    <p>
      {`${t("footer.insurer", { name, code, address, licence })} `}
      <a href={PRE_CONTRACT_PATH}>{t("footer.precontract")}</a> · <a href={`${PRE_CONTRACT_PATH}#complaints`}>{t("footer.complaints")}</a>
    </p>
  );
}
