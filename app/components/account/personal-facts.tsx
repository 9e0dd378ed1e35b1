import { useTranslation } from "~/i18n/react";

export interface UserFacts {
  firstName: string;
  lastName: string;
  userCode: string;
  /** Already in the page language's long format. */
  dateOfBirth: string;
}

/** The read-only facts from the e-ID (SPEC.md section 2 "Account"). */
export function PersonalFacts({ user }: { user: UserFacts }) {
  const { t } = useTranslation();
  const facts = [
    ["account.firstName", user.firstName],
    ["account.lastName", user.lastName],
    ["account.userCode", user.userCode],
    ["account.dateOfBirth", user.dateOfBirth],
  ] as const;
  return (
    <section className="section" aria-labelledby="account-personal">
      <h2 id="account-personal">{t("account.personal.heading")}</h2>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
