// The signing screen for the server's render of the offer (app/components/offer/index.tsx): a
// static import there; the browser build empties `.server` modules, so it costs the page nothing.
export * from "./signing";
