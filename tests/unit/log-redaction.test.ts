/** The log's redaction of an error's words (app/http/observability.server.ts, docs/decisions/0318). */
import { describe, expect, it } from "vitest";
import { connectionLostLog, createObservability, withoutPersonalData } from "~/http/observability.server";

describe("withoutPersonalData", () => {
  it("takes out personal codes, phone numbers as typed or as digits, and e-mail addresses", () => {
    expect(withoutPersonalData("signer 38503020139 refused")).toBe("signer [number] refused");
    expect(withoutPersonalData("phone +372 5813 4420, or 37258134420, or 5813-4420, or 58134420")).toBe("phone [number], or [number], or [number], or [number]");
    expect(withoutPersonalData('no such address "mari.maasikas+x@example.ee"')).toBe('no such address "[e-mail]"');
  });

  it("takes out a date as Estonian text writes it (a date of birth), as it does an ISO date", () => {
    expect(withoutPersonalData("signer born 02.03.1985 refused, or 2.3.85, or 02/03/1985, or 1985-03-02")).toBe("signer born [number] refused, or [number], or [number], or [number]");
    // An address or a version is no date.
    expect(withoutPersonalData("connect ECONNREFUSED 10.20.30.40:5432 (pg 16.4.1, v1.2.3)")).toBe("connect ECONNREFUSED 10.20.30.40:5432 (pg 16.4.1, v1.2.3)");
  });

  it("keeps what tells the operator what failed: statuses, durations, the stack's frames", () => {
    expect(withoutPersonalData("HTTP 503 after 15000 ms")).toBe("HTTP 503 after 15000 ms");
    const stack = "Error: refused 38503020139\n    at start (file:///srv/build/server.js:3:274100)";
    expect(withoutPersonalData(stack)).toBe("Error: refused [number]\n    at start (file:///srv/build/server.js:3:274100)");
  });

  it("keeps a hex token whole, even one that starts with six digits, and still takes a code out beside it", () => {
    const path = "signing/094214e00d6060fb54ee8ab4b3bd51c46269ec65/status";
    expect(withoutPersonalData(`Dokobit Documents Gateway: ${path}: unexpected answer (HTTP 502, not JSON)`)).toBe(`Dokobit Documents Gateway: ${path}: unexpected answer (HTTP 502, not JSON)`);
    expect(withoutPersonalData(`${path} refused EE38503020139 and 3850302013938503020`)).toBe(`${path} refused EE[number] and [number]`);
  });
});

describe("connectionLostLog", () => {
  it("is one JSON line, database_connection_lost at warn, the driver's words redacted", () => {
    const lines: string[] = [];
    const { log } = createObservability({ level: "info", destination: { write: (line) => void lines.push(line) } });
    connectionLostLog(log)('terminating connection for user "38503020139" (mari@example.ee)');
    expect(lines).toHaveLength(1);
    const { level, event, error } = JSON.parse(lines[0]) as Record<string, unknown>;
    expect({ level, event, error }).toEqual({ level: "warn", event: "database_connection_lost", error: 'terminating connection for user "[number]" ([e-mail])' });
  });
});
