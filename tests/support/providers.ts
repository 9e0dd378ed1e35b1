/** e-ID providers for tests, built on the demo provider. */
import { demoProvider } from "~/core/auth/demo";
import type { EidProvider } from "~/core/auth/provider";

/**
 * The demo provider (same name, so the per-person limit sees the typed code), except that
 * codes in `refused` are answered UNAUTHORIZED: any fresh code can be made to fail.
 */
export function refusingDemoProvider(refused: Set<string>): EidProvider {
  const demo = demoProvider();
  return {
    ...demo,
    async complete(input) {
      const [method, idCode] = input.returnToken.split(":");
      if (refused.has(idCode)) return { result: "UNAUTHORIZED", authenticationMethod: method, personalCode: idCode };
      return demo.complete(input);
    },
  };
}

/**
 * The demo provider, except that a code in `names` is stated with that name: a person whose
 * name changed since an earlier sign-in (or whose certificate carries a hostile one).
 */
export function renamingDemoProvider(names: Map<string, { firstName: string; lastName: string }>): EidProvider {
  const demo = demoProvider();
  return {
    ...demo,
    async complete(input) {
      const outcome = await demo.complete(input);
      const name = outcome.result === "SUCCESS" ? names.get(outcome.identity.personalCode) : undefined;
      return outcome.result === "SUCCESS" && name ? { ...outcome, identity: { ...outcome.identity, ...name } } : outcome;
    },
  };
}
