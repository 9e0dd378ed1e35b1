// The bare Remix v2 page `npm run bench` measures beside the app (scripts/bench/reference.mjs):
// the same compiler, future flags and module format as the app's remix.config.js, and nothing
// else. It builds into bench/reference/build (ignored by git), where Node finds the app's
// node_modules.
const out = "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: `${out}/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
