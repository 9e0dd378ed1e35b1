// A TLS front speaking HTTP/2 to the browser and HTTP/1.1 to the app, as the load balancer of
// docs/operations.md does in production: the Slow 3G rows measure a page both ways, since over
// HTTP/1.1 a browser opens six connections to a host and a page's 14–20 files go in waves,
// where HTTP/2 sends them all on one connection at once (docs/decisions/0232).
// Its certificate is made for the run (openssl) and trusted by its key's hash alone
// (Chromium's --ignore-certificate-errors-spki-list), so nothing else about TLS changes.
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

/** Headers of one HTTP/1.1 connection, which HTTP/2 does not carry. */
export const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings", "host"]);

/** A self-signed certificate for localhost, and the base64 SHA-256 of its public key. */
function certificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-bench-tls-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      { stdio: "ignore" },
    );
    const pem = { key: readFileSync(key), cert: readFileSync(cert) };
    const spki = new X509Certificate(pem.cert).publicKey.export({ type: "spki", format: "der" });
    return { ...pem, spkiHash: createHash("sha256").update(spki).digest("base64") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The front before `target` (http://host:port of a running app). `base` is its https address,
 * `spkiHash` the hash of its key, which Chromium is told to trust (--ignore-certificate-errors-spki-list).
 */
export async function startHttp2Front(target) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const { key, cert, spkiHash } = certificate();
  const server = http2.createSecureServer({ key, cert });
  const sessions = new Set();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => {
    const forwarded = { host: upstream.host, "x-forwarded-proto": "https" };
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) forwarded[name] = value;
    const request = http.request(
      { agent, host: upstream.hostname, port: upstream.port, method: headers[":method"], path: headers[":path"], headers: forwarded },
      (response) => {
        const answer = { ":status": response.statusCode };
        for (const [name, value] of Object.entries(response.headers)) if (!HOP_BY_HOP.has(name)) answer[name] = value;
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on("error", () => stream.destroy());
    stream.on("error", () => request.destroy());
    stream.pipe(request);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `https://localhost:${server.address().port}`,
    spkiHash,
    async stop() {
      for (const session of sessions) session.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
