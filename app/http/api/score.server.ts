/** /api paths of the score step (docs/api.md). */
import type { Router } from "express";
import type { ApiDeps, ApiHandlers } from "../api.server.js";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function scoreRoutes(router: Router, deps: ApiDeps, { handle, signedIn }: ApiHandlers): void {}
