/** JSON shapes of SPEC.md section 3, shared by /api and the loaders. */
import type { Customer } from "../core/customers.js";
import type { Intermediary } from "../core/intermediaries.js";

export function publicIntermediary(intermediary: Intermediary | null) {
  return intermediary ? { name: intermediary.name, logo: intermediary.logo } : null;
}

/** User details (SPEC.md section 3). */
export function userDetails(customer: Customer) {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    userCode: customer.personalCode,
    dateOfBirth: customer.dateOfBirth,
    phoneNumber: customer.phone,
    country: customer.country,
  };
}
