/** The operator's token of the e2e server (playwright.config.ts), for the tests that act as the operator. */
export const E2E_OPS_TOKEN = "e2e-ops-token-0123456789abcdef0123456789";
