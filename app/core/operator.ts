/**
 * Who an operator is, in what an operator writes down: the reason a command states and the
 * name an operator's token carries (OPS_TOKENS=<name>:<token>). Both end up in the audit
 * table; neither may name a customer or the operator's own personal code or e-mail address.
 */
import { isValidPersonalCode } from "../lib/personal-code.js";

/**
 * Whether a text names someone: a personal code or an e-mail address. A reason is recorded
 * for, and shown to, every customer a command shows or changes (decision 0112): `euw list` and
 * `activate` concern many, so a reason naming one case would be shown to all of them. An
 * operator's name is a short identifier an auditor can tell the person by, not their code.
 */
export const namesSomeone = (text: string): boolean =>
  /[^\s@]+@[^\s@]+\.[^\s@]+/.test(text) || (text.match(/(?<!\d)\d{11}(?!\d)/g) ?? []).some(isValidPersonalCode);

/**
 * An operator's name as an operator's token carries it (`anna.tamm`): 2 to 64 small letters,
 * digits, ".", "_" or "-", a letter first, naming no one (no personal code; "@" is not among
 * its characters). The insurer's own short name for an employee, recorded with every audit row
 * of that employee's commands (health_data_audit.operator_name), never shown to the customer.
 */
export const isOperatorName = (text: string): boolean => /^[a-z][a-z0-9._-]{1,63}$/.test(text) && !namesSomeone(text);
