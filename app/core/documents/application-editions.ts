/**
 * The application document's editions (docs/decisions/0300). The signed PDF is kept as bytes;
 * its accessible web version is drawn again from the steps and the policy, and must state what
 * was signed, no more. So a policy records the edition its application was drawn as, and
 * `applicationModel` leaves out what that edition did not contain. What the application states
 * changing is a new edition here, not a condition in a page; a document before signing is
 * always the current edition.
 */

/** The application as it was drawn until decision 0296: what migration 0027 marks every policy before it as. */
export const FIRST_APPLICATION_EDITION = 1;

/** The edition that added each section the first one did not have. */
export const APPLICATION_EDITION_ADDED = {
  /** The customer's demands and needs (IDD art. 20(1), docs/decisions/0296). */
  needs: 2,
} as const;

/** The edition drawn now, for a document before signing and a signing starting. */
export const APPLICATION_EDITION: number = Math.max(FIRST_APPLICATION_EDITION, ...Object.values(APPLICATION_EDITION_ADDED));

/** Whether an application drawn as `edition` contains `section`. */
export const editionHas = (edition: number, section: keyof typeof APPLICATION_EDITION_ADDED): boolean => edition >= APPLICATION_EDITION_ADDED[section];
