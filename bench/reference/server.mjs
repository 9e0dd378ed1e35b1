// The bare page's server: Express, compression, the build's static files and Remix's request
// handler through @remix-run/node, as @remix-run/express wires it. Nothing of the app's.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Readable } from "node:stream";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "build");
const build = await import(path.join(out, "index.js"));
const handle = createRequestHandler(build, "production");

const app = express();
app.disable("x-powered-by");
app.use(compression());
// As the app serves its build (app/http/app.server.ts): the brotli or gzip copy made at build time.
app.use("/build", expressStaticGzip(path.join(out, "public/build"), { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic: { immutable: true, maxAge: "1y", index: false } }));
// A browser asks for it on its own (the Slow 3G rows): answered here, not logged by Remix as a missing route.
app.get("/favicon.ico", (_req, res) => res.status(404).end());
app.all("*", async (req, res, next) => {
  try {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const init = { method: req.method, headers: new Headers(Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]]))), signal: controller.signal };
    if (req.method !== "GET" && req.method !== "HEAD") Object.assign(init, { body: createReadableStreamFromReadable(Readable.from(req)), duplex: "half" });
    const response = await handle(new Request(`http://${req.headers.host}${req.originalUrl}`, init));
    res.status(response.status);
    for (const [key, value] of response.headers) res.append(key, value);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});
const port = Number(process.env.PORT ?? 3360);
app.listen(port, "127.0.0.1", () => process.send?.("listening"));
