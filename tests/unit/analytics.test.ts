/**
 * Analytics only with consent, and no raw contact details (docs/decisions/0095): the hashing
 * and normalisation of the generate_lead user details (known SHA-256 vectors), which events a
 * page gets for each answer, and the consent cookie.
 */
import { describe, expect, it } from "vitest";
import { e164Phone, hashedUserDetails, normaliseEmail, normaliseName, sha256Hex } from "~/core/lead-details";
import { eventsWithConsent, isAnalyticsConsent, pushEvents, type AnalyticsEvent } from "~/lib/analytics";
import { ANALYTICS_CONSENT_MAX_AGE, analyticsConsentCookie, readAnalyticsConsent } from "~/http/analytics-consent.server";

// Computed independently (Python's hashlib) for the values named.
const SHA256 = {
  empty: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  abc: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  "test.kasutaja@example.com": "184da506eeaed5895be84eb19c129306a49fea5a28f1dcb1ba88d1999e6beaa1",
  "+37251234567": "910656649cda4686b63c77533a57771a8a14477fd8fcde1c22173b0c35b774e6",
  test: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  kasutaja: "5923b5d11cbbb84da9da4f0002de1f1ca0905601d761fd737ae3d03e6db5e4c8",
  "õie": "4d4e32c9d07353f07e326bdc633cef4ff806b1c6f992d87d6c1709a41cef55d0",
};

describe("SHA-256 (lowercase hex)", () => {
  it("matches the standard's vectors", () => {
    expect(sha256Hex("")).toBe(SHA256.empty);
    expect(sha256Hex("abc")).toBe(SHA256.abc);
  });

  it("hashes the UTF-8 bytes", () => {
    expect(sha256Hex("õie")).toBe(SHA256["õie"]);
  });
});

describe("normalisation before hashing", () => {
  it("e-mail: trimmed and lowercase", () => {
    expect(normaliseEmail("  Test.Kasutaja@Example.COM \n")).toBe("test.kasutaja@example.com");
  });

  it("phone: E.164, a '+' and the digits, the country code kept or added as the forms do", () => {
    expect(e164Phone("+372 5123-4567")).toBe("+37251234567");
    expect(e164Phone("+372 5123 4567")).toBe("+37251234567");
    expect(e164Phone("5123 4567")).toBe("+37251234567");
    expect(e164Phone("00358 40 123 4567")).toBe("+358401234567");
    expect(e164Phone("+")).toBeNull();
    expect(e164Phone("")).toBeNull();
  });

  it("names: trimmed and lowercase, letters beyond ASCII included", () => {
    expect(normaliseName(" TEST ")).toBe("test");
    expect(normaliseName("ÕIE")).toBe("õie");
  });
});

describe("the generate_lead user details", () => {
  it("are the hashes of the normalised values under the advertising platforms' names, never the values", () => {
    const details = hashedUserDetails({ email: " Test.Kasutaja@EXAMPLE.com", phone: "+372 5123-4567", firstName: "Test", lastName: "KASUTAJA" });
    expect(details).toEqual({
      sha256_email_address: SHA256["test.kasutaja@example.com"],
      sha256_phone_number: SHA256["+37251234567"],
      address: { sha256_first_name: SHA256.test, sha256_last_name: SHA256.kasutaja },
    });
    const text = JSON.stringify(details).toLowerCase();
    for (const raw of ["kasutaja@", "example.com", "5123", "\"test\"", "\"kasutaja\""]) expect(text).not.toContain(raw);
    for (const hash of Object.values(details).filter((v): v is string => typeof v === "string")) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("leave out what the customer has not given, rather than hashing nothing", () => {
    expect(hashedUserDetails({ email: "a@b.ee", phone: null, firstName: null, lastName: "" })).toEqual({ sha256_email_address: sha256Hex("a@b.ee") });
    expect(hashedUserDetails({ email: null, phone: null, firstName: null, lastName: null })).toEqual({});
    expect(JSON.stringify(hashedUserDetails({ email: "", phone: "+", firstName: " ", lastName: null }))).not.toContain(SHA256.empty);
  });
});

describe("events and consent", () => {
  const events: AnalyticsEvent[] = [{ event: "signup_login", country: "ee" }, { event: "signup_progress", signup_step: "package", country: "ee" }];

  it("a page gets its events with consent only: none when declined, none before an answer", () => {
    expect(eventsWithConsent("granted", events)).toEqual(events);
    expect(eventsWithConsent("denied", events)).toEqual([]);
    expect(eventsWithConsent(null, events)).toEqual([]);
  });

  it("pushes what the page was given, in order, onto dataLayer", () => {
    const target: { dataLayer?: unknown[] } = {};
    pushEvents(eventsWithConsent(null, events), target);
    expect(target.dataLayer).toBeUndefined();
    pushEvents(eventsWithConsent("granted", events), target);
    expect(target.dataLayer).toEqual(events);
  });
});

describe("the consent cookie", () => {
  it("is read as granted or denied, anything else as no answer", () => {
    expect(readAnalyticsConsent("analytics_consent=granted")).toBe("granted");
    expect(readAnalyticsConsent("lng=abc; analytics_consent=denied; session=x")).toBe("denied");
    expect(readAnalyticsConsent("analytics_consent=GRANTED")).toBeNull();
    expect(readAnalyticsConsent("analytics_consent=yes")).toBeNull();
    expect(readAnalyticsConsent("other=granted")).toBeNull();
    expect(readAnalyticsConsent(null)).toBeNull();
    expect(isAnalyticsConsent("toString")).toBe(false);
  });

  it("holds about six months, for the whole site, sent on links from elsewhere, read by the server only", () => {
    expect(ANALYTICS_CONSENT_MAX_AGE).toBe(180 * 24 * 60 * 60);
    const cookie = analyticsConsentCookie("granted");
    expect(cookie.split("; ").sort()).toEqual(["HttpOnly", "Max-Age=15552000", "Path=/", "SameSite=Lax", "Secure", "analytics_consent=granted"]);
  });
});
