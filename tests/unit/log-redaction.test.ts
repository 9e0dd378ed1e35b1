/** The log's redaction of an error's words (app/http/observability.server.ts, docs/decisions/0318). */
import { describe, expect, it } from "vitest";
import { withoutPersonalData } from "~/http/observability.server";

describe("withoutPersonalData", () => {
  it("takes out personal codes, phone numbers as typed or as digits, and e-mail addresses", () => {
    expect(withoutPersonalData("signer 38503020139 refused")).toBe("signer [number] refused");
    expect(withoutPersonalData("phone +372 5813 4420, or 37258134420, or 5813-4420, or 58134420")).toBe("phone [number], or [number], or [number], or [number]");
    expect(withoutPersonalData('no such address "mari.maasikas+x@example.ee"')).toBe('no such address "[e-mail]"');
  });

  it("keeps what tells the operator what failed: statuses, durations, the stack's frames", () => {
    expect(withoutPersonalData("HTTP 503 after 15000 ms")).toBe("HTTP 503 after 15000 ms");
    const stack = "Error: refused 38503020139\n    at start (file:///srv/build/server.js:3:274100)";
    expect(withoutPersonalData(stack)).toBe("Error: refused [number]\n    at start (file:///srv/build/server.js:3:274100)");
  });
});
