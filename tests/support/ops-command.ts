/** The operator command (`npm run ops -- <args>`, scripts/ops.ts) as an operator runs it, in a process of its own. */
import { execFile } from "node:child_process";
import { createServer } from "node:net";
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

/** A port nothing listens on: the command finds no server there and opens the database (or data folder) itself. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
