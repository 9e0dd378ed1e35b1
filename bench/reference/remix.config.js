// The bare Remix v2 page `npm run bench` measures beside the app (scripts/bench/reference.mjs):
// the app's compiler, future flags and module format, and nothing else. It builds into
// bench/reference/build (ignored by git), where Node finds the app's node_modules.
import app from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: app.serverModuleFormat,
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "build/public/build",
  publicPath: "/build/",
  future: app.future,
};
