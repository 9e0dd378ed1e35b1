/**
 * Every signing provider outcome in our own words (issue 23 item 9): the texts the demo
 * signing page and the Dokobit frame send are sorted into outcomes, each translated in et, en
 * and ru, and no provider text is ever the message.
 */
import { describe, expect, it } from "vitest";
import et from "~/locales/et";
import en from "~/locales/en";
import ru from "~/locales/ru";
import { SIGNING_OUTCOMES, signingOutcomeKey, signingOutcomeOf, signingOutcomeParam } from "~/lib/signing-outcome";

describe("signingOutcomeOf", () => {
  it("sorts the demo signing page's own texts", () => {
    // app/http/signing-demo.server.ts: the cancel button, a refused sign, an unreachable service.
    expect(signingOutcomeOf(["cancelled by the signer"])).toBe("cancelled");
    expect(signingOutcomeOf(["not a pending signing"])).toBe("failed");
    expect(signingOutcomeOf(["signing refused"])).toBe("failed");
    expect(signingOutcomeOf(["the signing service could not be reached"])).toBe("unreachable");
    expect(signingOutcomeOf(["signing error"])).toBe("failed");
  });

  it("sorts the Dokobit frame's event names and statuses", () => {
    // app/core/signing/dokobit.ts FAILED, and the event names the signing screen listens for.
    expect(signingOutcomeOf(["canceled"])).toBe("cancelled");
    expect(signingOutcomeOf(["cancel", "User closed the window"])).toBe("cancelled");
    expect(signingOutcomeOf(["expired"])).toBe("expired");
    expect(signingOutcomeOf("error; Session timed out")).toBe("expired");
    expect(signingOutcomeOf(["declined"])).toBe("declined");
    expect(signingOutcomeOf(["rejected"])).toBe("declined");
    expect(signingOutcomeOf(["error", "Network error"])).toBe("unreachable");
    expect(signingOutcomeOf(["failed"])).toBe("failed");
    expect(signingOutcomeOf(["error", "Ошибка подписи"])).toBe("failed");
    expect(signingOutcomeOf([])).toBe("failed");
  });

  it("reads an outcome from the address, and nothing else", () => {
    for (const outcome of SIGNING_OUTCOMES) expect(signingOutcomeParam(outcome)).toBe(outcome);
    expect(signingOutcomeParam(null)).toBeNull();
    expect(signingOutcomeParam("cancelled by the signer")).toBeNull();
    expect(signingOutcomeParam("constructor")).toBeNull();
  });
});

describe("the outcomes' words", () => {
  it("exist in et, en and ru, differ per language and hold no provider text", () => {
    for (const outcome of SIGNING_OUTCOMES) {
      const key = signingOutcomeKey(outcome);
      const words = [et[key], en[key], ru[key]];
      expect(words.every((w) => typeof w === "string" && w.length > 10), key).toBe(true);
      expect(new Set(words).size, key).toBe(3);
      for (const w of words) expect(w).not.toMatch(/by the signer|\{\{/);
    }
  });
});
