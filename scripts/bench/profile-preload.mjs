// Loaded into the benchmarked server with `node --import` (never in production): SIGUSR2
// starts the V8 sampling profiler in process, the next SIGUSR2 stops it and writes the
// profile to BENCH_PROFILE_DIR/<n>.cpuprofile. Profiling only the window the bench chooses
// leaves start-up and warm-up out of a page's profile.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  let running = false;
  let count = 0;
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  process.on("SIGUSR2", async () => {
    if (!running) {
      running = true;
      await post("Profiler.start");
      writeFileSync(path.join(dir, "started"), String(count));
      return;
    }
    running = false;
    const { profile } = await post("Profiler.stop");
    writeFileSync(path.join(dir, `${count++}.cpuprofile`), JSON.stringify(profile));
  });
}
