/** The cap on the log lines of browsers' errors (app/http/observability.server.ts `clientErrorReport`, docs/decisions/0386). */
import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_LINES_A_MINUTE, clientErrorReport, createObservability } from "~/http/observability.server";

describe("clientErrorReport", () => {
  it(`logs ${CLIENT_ERROR_LINES_A_MINUTE} lines a minute, counts every error, and logs again the next minute`, async () => {
    const lines: string[] = [];
    const { log, metrics } = createObservability({ level: "info", destination: { write: (line: string) => void lines.push(line) }, defaultMetrics: false });
    let now = Date.UTC(2026, 11, 6, 12, 0, 30);
    const report = clientErrorReport({ log, metrics }, () => now);
    for (let i = 0; i < CLIENT_ERROR_LINES_A_MINUTE + 5; i++) report({ route: "root", name: "TypeError", message: `error ${i}` });
    expect(lines).toHaveLength(CLIENT_ERROR_LINES_A_MINUTE);
    now += 29_000; // 12:00:59, the same minute
    report({ route: "root", name: "TypeError", message: "still capped" });
    expect(lines).toHaveLength(CLIENT_ERROR_LINES_A_MINUTE);
    now += 2_000; // 12:01:01
    report({ route: "root", name: "TypeError", message: "a new minute" });
    expect(lines).toHaveLength(CLIENT_ERROR_LINES_A_MINUTE + 1);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ event: "client_error", error: "a new minute" });
    expect(await metrics.registry.getSingleMetricAsString("client_errors_total")).toContain(`client_errors_total{name="TypeError"} ${CLIENT_ERROR_LINES_A_MINUTE + 7}`);
  });
});
