/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/remix/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  // *.server.ts next to a route are helpers, never routes of their own.
  ignoredRouteFiles: ["**/.*", "**/*.server.ts", "**/*.test.*"],
  // Keep every dependency external: PGlite loads its .wasm at run time.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
