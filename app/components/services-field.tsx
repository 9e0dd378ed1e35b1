import { useTranslation } from "~/i18n/react";
import { formatMoney, type Language } from "~/lib/euro";
import { Choice, FieldError } from "./form";

export interface ServiceOption {
  code: string;
  name: string;
  description: string;
  monthlyPriceCents: number;
}

/**
 * The health packages (SPEC.md section 2 "Package"): code, name, description and price. The
 * package step posts them as `services`, the landing page's quote as `packages` (the login
 * link's name).
 */
export function ServicesField(props: {
  name: string;
  field: { id: string; errorId: string; error: string | undefined };
  catalogue: ServiceOption[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  language: Language;
}) {
  const { t } = useTranslation();
  const { field, chosen } = props;
  const error = field.error;
  return (
    <fieldset className={`group${error ? " field--error" : ""}`} aria-describedby={error ? `services-hint ${field.errorId}` : "services-hint"}>
      <legend className="group__legend">{t("package.services.legend")}</legend>
      <span id="services-hint" className="field__hint">
        {t("package.services.hint")}
      </span>
      <FieldError id={field.errorId} error={error} />
      <div className="checkboxes" id={field.id} tabIndex={-1}>
        {props.catalogue.map((service) => (
          <Choice
            type="checkbox"
            key={service.code}
            className="package__service"
            id={`service-${service.code}`}
            label={
              <>
                {service.name} <span className="package__price">({t("package.service.price", { price: formatMoney(service.monthlyPriceCents, props.language) })})</span>
              </>
            }
            hint={service.description}
            name={props.name}
            value={service.code}
            checked={chosen.includes(service.code)}
            onChange={(event) => props.onChange(event.currentTarget.checked ? [...chosen, service.code] : chosen.filter((c) => c !== service.code))}
          />
        ))}
      </div>
    </fieldset>
  );
}
