/**
 * What counts as the database being unavailable (503, Retry-After) rather than a bug (500):
 * app/core/db/index.ts and the save's outcome (app/http/save.server.ts).
 */
import { describe, expect, it } from "vitest";
import { asUnavailable, DatabaseUnavailable, isDatabaseUnavailable } from "~/core/db/index";
import { attemptSave } from "~/http/save.server";
import { quietObservability } from "~/http/observability.server";

const withCode = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe("a database unavailable", () => {
  it("is a server that cannot take statements, or a connection lost; a statement's own failure is not", () => {
    for (const code of ["57P01", "57P03", "08006", "53300", "53100", "57014", "ECONNREFUSED", "ECONNRESET", "ENOSPC"]) {
      expect(isDatabaseUnavailable(asUnavailable(withCode(code), false)), code).toBe(true);
    }
    for (const code of ["23505", "42P01", "40001", "22P02"]) expect(isDatabaseUnavailable(asUnavailable(withCode(code), false)), code).toBe(false);
    expect(isDatabaseUnavailable(asUnavailable(new Error("Connection terminated unexpectedly"), true))).toBe(true);
    expect(isDatabaseUnavailable(new TypeError("a bug"))).toBe(false);
  });

  it("is found through the errors it caused", () => {
    const cause = new DatabaseUnavailable(withCode("ECONNREFUSED"));
    expect(isDatabaseUnavailable(new Error("reading the session", { cause }))).toBe(true);
    expect(cause.message).toBe("the database is unavailable: failed with ECONNREFUSED");
  });

  it("makes a save's technical failure one to try again later", async () => {
    const context = { requestId: "r", observability: quietObservability() };
    const gone = await attemptSave(context, "registration", () => Promise.reject(new DatabaseUnavailable(withCode("57P01"))));
    expect(gone).toEqual({ ok: false, technical: true, unavailable: true });
    const bug = await attemptSave(context, "registration", () => Promise.reject(new TypeError("a bug")));
    expect(bug).toEqual({ ok: false, technical: true, unavailable: false });
  });
});
