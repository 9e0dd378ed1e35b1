/** The health-data key of every test application; the template database is seeded with it. */
export const TEST_HEALTH_DATA_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
