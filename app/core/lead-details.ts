/**
 * The user details of the `generate_lead` analytics event (SPEC.md section 1), as advertising
 * platforms take them (Google's enhanced conversions: `sha256_email_address`,
 * `sha256_phone_number`, `address.sha256_first_name`, `address.sha256_last_name`): SHA-256 in
 * lowercase hex of the normalised value, never the value itself (docs/decisions/0095). They are
 * hashed here, on the server, so neither the session row that queues the event nor the page
 * that pushes it ever carries the raw e-mail, phone or name.
 */
import { createHash } from "node:crypto";
import { normalisePhone } from "../lib/fields.js";

/** SHA-256 of the UTF-8 text, lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** An e-mail address as hashed: trimmed, lowercase. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number as hashed: E.164, a '+' and the digits only ("+372 5123-4567" is
 * "+37251234567"). A number stored without its country code (none is, docs/decisions/0062)
 * gets it by the same rule as the forms. Null when there are no digits.
 */
export function e164Phone(phone: string): string | null {
  const digits = normalisePhone(phone).replace(/\D/g, "");
  return digits ? `+${digits}` : null;
}

/** A first or last name as hashed: trimmed, lowercase (in no particular locale). */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase();
}

export interface LeadContact {
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The hashed user details; a detail the customer has not given is left out, not hashed empty. */
export interface HashedUserDetails {
  sha256_email_address?: string;
  sha256_phone_number?: string;
  address?: { sha256_first_name?: string; sha256_last_name?: string };
}

export function hashedUserDetails(contact: LeadContact): HashedUserDetails {
  const hash = (value: string | null) => (value ? sha256Hex(value) : undefined);
  const email = contact.email ? normaliseEmail(contact.email) : null;
  const phone = contact.phone ? e164Phone(contact.phone) : null;
  const firstName = contact.firstName ? normaliseName(contact.firstName) : null;
  const lastName = contact.lastName ? normaliseName(contact.lastName) : null;
  const details: HashedUserDetails = {};
  if (email) details.sha256_email_address = hash(email);
  if (phone) details.sha256_phone_number = hash(phone);
  if (firstName || lastName) {
    details.address = {};
    if (firstName) details.address.sha256_first_name = hash(firstName);
    if (lastName) details.address.sha256_last_name = hash(lastName);
  }
  return details;
}
