/**
 * Query parameters read at sign-in (SPEC.md sections 3 and 5): promo, packages, life,
 * disability, src. They are kept raw in the session at /login and normalised against the
 * customer's limits once sign-in tells us their age. An amount is read as typed anywhere
 * (app/lib/sums.ts readAmount: "100 000" is 100 000); one that is no number is not kept.
 */
import { isServiceCode, type PackageLimits, type ServiceCode } from "../lib/limits.js";
import { typedAmount } from "../lib/sums.js";
import { SUPPORT_CODE_MAX } from "../lib/account-fields.js";

export interface RawLoginParams {
  promo?: string;
  packages?: string[];
  life?: number;
  disability?: number;
  src?: string;
}

/** What SPEC.md keeps in local storage as 'data'; here it lives with the session. */
export interface LoginData {
  promo?: string;
  services?: ServiceCode[];
  sumInsuredForDeathCover?: number;
  sumInsuredForDisabilityCover?: number;
}

/** A promo code as a link may carry it: as long as the account form takes one. */
const CODE = new RegExp(`^[A-Za-z0-9_-]{1,${SUPPORT_CODE_MAX}}$`);

/**
 * A link's health packages: a comma list, or repeated, case ignored, each once (the sign-in and
 * the landing page read them alike; /api/quote takes them exactly). Undefined when none is named.
 */
export function readPackages(search: URLSearchParams): string[] | undefined {
  const named = search.getAll("packages");
  if (named.length === 0) return undefined;
  return [...new Set(named.flatMap((p) => p.split(",")).map((p) => p.trim().toUpperCase()).filter(Boolean))];
}

export function readLoginParams(search: URLSearchParams): RawLoginParams {
  const raw: RawLoginParams = {};
  const promo = search.get("promo")?.trim();
  if (promo && CODE.test(promo)) raw.promo = promo;
  const packages = readPackages(search);
  if (packages) raw.packages = packages;
  const life = typedAmount(search.get("life"));
  if (life !== undefined) raw.life = life;
  const disability = typedAmount(search.get("disability"));
  if (disability !== undefined) raw.disability = disability;
  const src = search.get("src")?.trim();
  if (src && CODE.test(src)) raw.src = src.toLowerCase();
  return raw;
}

export function hasLoginParams(raw: RawLoginParams): boolean {
  return Object.keys(raw).length > 0;
}

/**
 * SPEC.md section 5: a sum is accepted only within min and max, otherwise the default
 * applies; disability 0 is accepted, death 0 only when its min is 0; disability is capped
 * to death when larger. Unknown service codes are dropped.
 */
export function normaliseLoginData(raw: RawLoginParams, limits: PackageLimits | null): LoginData {
  const data: LoginData = {};
  if (raw.promo) data.promo = raw.promo;
  if (raw.packages) data.services = raw.packages.filter(isServiceCode);
  if (limits && (raw.life !== undefined || raw.disability !== undefined)) {
    const death = limits.sumLimitsForDeathCover;
    const dis = limits.sumLimitsForDisabilityCover;
    const lifeOk = (v: number) => (v >= death.min && v <= death.max) || (v === 0 && death.min === 0);
    const disOk = (v: number) => v === 0 || (v >= dis.min && v <= dis.max);
    const life = raw.life !== undefined && lifeOk(raw.life) ? raw.life : death.def;
    let disability = raw.disability !== undefined && disOk(raw.disability) ? raw.disability : dis.def;
    if (disability > life) disability = life;
    data.sumInsuredForDeathCover = life;
    data.sumInsuredForDisabilityCover = disability;
  }
  return data;
}
