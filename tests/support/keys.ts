import { KEY_ID, LEGACY_KEY_ID } from "~/core/health-data";

/** The health-data key of every test application; the template database is seeded with it. */
export const TEST_HEALTH_DATA_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/** The key id a stored health-data text value names (app/core/health-data.ts formats), or null when it is no sealed value. */
export function textKeyId(sealed: string): string | null {
  if (sealed.startsWith("v1.")) return LEGACY_KEY_ID;
  if (!sealed.startsWith("v2.")) return null;
  const id = sealed.slice(3, sealed.indexOf(".", 3));
  return KEY_ID.test(id) ? id : null;
}
