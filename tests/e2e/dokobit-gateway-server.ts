// The fake Dokobit Documents Gateway (tests/fakes/dokobit-gateway.ts) as a process of its own,
// for the end-to-end server on Dokobit (E2E_SIGNING=dokobit, tests/e2e/web-server.mjs): on a port
// the system gives (never a fixed one), its address the first line it prints; it ends on SIGTERM.
import { startFakeDokobitGateway } from "../fakes/dokobit-gateway";

const fake = await startFakeDokobitGateway({ accessToken: process.env.DOKOBIT_GATEWAY_ACCESS_TOKEN });
process.stdout.write(`${fake.url}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
