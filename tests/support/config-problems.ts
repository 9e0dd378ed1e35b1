import { expect } from "vitest";
import { ConfigError, loadConfig } from "~/core/config";

/** The problems loadConfig names for `env` (a ConfigError's, nothing else), or [] when it accepts it. */
export function configProblems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}
