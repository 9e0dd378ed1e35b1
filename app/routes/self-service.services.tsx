import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/http/guards.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  return null;
}

export default function SelfServiceServices() {
  const { t } = useTranslation();
  return <p>{t("step.placeholder")}</p>;
}
