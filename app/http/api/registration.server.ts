/** /api paths of the registration step (docs/api.md). */
import type { Router } from "express";
import type { ApiDeps, ApiHandlers } from "../api.server.js";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function registrationRoutes(router: Router, deps: ApiDeps, { handle, signedIn }: ApiHandlers): void {}
