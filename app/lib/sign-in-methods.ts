/** The demo sign-in methods (PRODUCT.md section 2). Kept free of zod: the login page's browser code needs only this list. */
export const DEMO_METHODS = ["smart-id", "mobile-id", "id-card"] as const;
export type DemoMethod = (typeof DEMO_METHODS)[number];

/** The intent of the start post of a provider with its own sign-in page (Dokobit). */
export const START_INTENT = "start";
