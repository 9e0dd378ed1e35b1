// The later-hydrated layout parts for the server's render: a static import there (the browser
// build replaces `.server` modules with empty ones, so this costs the browser nothing).
export * from "./later-layout";
