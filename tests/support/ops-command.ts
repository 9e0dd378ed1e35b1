/** The operator command (`npm run ops -- <args>`, scripts/ops.ts) as an operator runs it, in a process of its own. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface OpsRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/ops.ts with `args` and only `env` (and PATH) for its environment: its exit code and output. */
export function runOps(args: string[], env: { NODE_ENV: string } & Record<string, string | undefined>): Promise<OpsRun> {
  return promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ops.ts", ...args], {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: OpsRun) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
