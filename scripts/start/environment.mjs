// What `npm start` hands the server (README.md "Start it", docs/decisions/0100).

/**
 * The server's environment for `npm start`. Only an unset NODE_ENV means the one-command
 * demo: then it is a production server (no error details on pages) with the demo parts asked
 * for, unless DEMO says otherwise. A NODE_ENV the shell sets is passed on untouched, DEMO
 * included: `NODE_ENV=production npm start` is a real deployment, and the server refuses to
 * start without its production settings (app/core/config.ts), naming each.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function startEnvironment(env) {
  if (env.NODE_ENV !== undefined && env.NODE_ENV !== "") return { ...env };
  return { ...env, NODE_ENV: "production", DEMO: env.DEMO || "true" };
}
