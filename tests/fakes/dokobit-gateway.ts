/**
 * A local fake of the Dokobit Documents Gateway on node:http (127.0.0.1, random port),
 * speaking the protocol described at the top of app/core/signing/dokobit.ts:
 *
 * - POST /api/file/upload.json?access_token=…  file[name], file[digest], file[content] →
 *   {status:"ok", token}; the digest must be the SHA-256 of the content.
 * - GET  /api/file/upload/{token}/status.json  → {status:"pending"} once, then {status:"uploaded"}.
 * - POST /api/signing/create.json  type=pdf, name, files[0][token], signers[0][…] →
 *   {status:"ok", token, signers:{<id>: <signer access token>}}.
 * - GET  /signing/{token}?access_token={signer token}  the signing page (HTML): while pending, a
 *   plain form (POST /signing/{token}/sign, no script: the page signs with JavaScript off too)
 *   stands for the signer's Smart-ID or Mobile-ID; like the real page without our script, it
 *   tells the embedding page nothing.
 * - GET  /api/signing/{token}/status.json  → {status:"ok", signing_status, signers:{<id>:{status}}, file?}.
 * - GET  /api/signing/{token}/download.pdf?access_token=…  the signed file.
 *
 * A missing access token is 401, a wrong one 403. Tests finish signings with `sign()` or
 * `decline()`, and read `requests`; `breakNext()` makes the next call to a path answer as a
 * failing gateway would (or never: "hang" before its headers, "stall" after them and a first
 * part of its body), `signedFile()` hands out another file as the signed one, and
 * `beforeStatus` runs while a status call waits (what happens meanwhile elsewhere).
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, startLocalServer } from "./http-server";

export interface FakeGatewayRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
}

interface FakeSigning {
  token: string;
  fileToken: string;
  signerId: string;
  signerToken: string;
  signer: Record<string, string>;
  status: "pending" | "signed" | "declined";
}

export interface FakeDokobitGateway {
  url: string;
  accessToken: string;
  requests: FakeGatewayRequest[];
  /** The uploaded files by file token: name and bytes. */
  files: Map<string, { name: string; bytes: Buffer }>;
  lastSigningToken(): string | undefined;
  signing(token: string): FakeSigning | undefined;
  sign(token: string): void;
  decline(token: string): void;
  /** The signed file the download answers with for a signing. */
  signedBytes(token: string): Buffer;
  /** The download answers with `bytes` for this signing (another document's signed file). */
  signedFile(token: string, bytes: Buffer): void;
  /** The next call whose path ends with `suffix` answers so, or never ("hang"), or begins its answer and never ends it ("stall"). */
  breakNext(suffix: string, answer: Fault): void;
  /** Runs before a signing status call answers. */
  beforeStatus: (() => Promise<void>) | null;
  close(): Promise<void>;
}

type Fault = { status: number; body: string } | "hang" | "stall";

export async function startFakeDokobitGateway(options: { accessToken?: string } = {}): Promise<FakeDokobitGateway> {
  const accessToken = options.accessToken ?? "fake-gateway-access-token";
  const requests: FakeGatewayRequest[] = [];
  const files = new Map<string, { name: string; bytes: Buffer }>();
  const uploadPolls = new Map<string, number>();
  const signings = new Map<string, FakeSigning>();
  const signedFiles = new Map<string, Buffer>();
  const broken: Array<{ suffix: string; answer: Fault }> = [];
  let last: string | undefined;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const checkToken = (query: URLSearchParams, res: ServerResponse) => {
    const given = query.get("access_token");
    if (!given) return json(res, 401, { status: "error", message: "Access token is required" }), false;
    if (given !== accessToken) return json(res, 403, { status: "error", message: "Access denied" }), false;
    return true;
  };
  const signed = (s: FakeSigning) => {
    const original = files.get(s.fileToken)!.bytes;
    // A stand-in for the signature container: the original and a marker the tests can find.
    return Buffer.concat([original, Buffer.from(`\n%FAKE-DOKOBIT-SIGNATURE ${s.signer.code}\n`)]);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    const body = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(raw)) : {};
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    const fault = broken.findIndex((b) => url.pathname.endsWith(b.suffix));
    if (fault >= 0) {
      const [{ answer }] = broken.splice(fault, 1);
      if (answer === "hang") return;
      if (answer === "stall") {
        const pdf = url.pathname.endsWith(".pdf");
        res.writeHead(200, { "Content-Type": pdf ? "application/pdf" : "application/json" });
        return void res.write(pdf ? "%PDF-1.7\n" : '{"status":');
      }
      res.writeHead(answer.status, { "Content-Type": answer.body.startsWith("{") ? "application/json" : "text/html" });
      return void res.end(answer.body);
    }

    if (url.pathname === "/api/file/upload.json" && method === "POST") {
      if (!checkToken(url.searchParams, res)) return;
      const name = body["file[name]"];
      const content = body["file[content]"];
      const digest = body["file[digest]"];
      if (!name || !content || !digest) return json(res, 400, { status: "error", message: "file[name], file[content] and file[digest] are required" });
      const bytes = Buffer.from(content, "base64");
      if (createHash("sha256").update(bytes).digest("hex") !== digest) return json(res, 400, { status: "error", message: "Digest mismatch" });
      const token = randomBytes(20).toString("hex");
      files.set(token, { name, bytes });
      uploadPolls.set(token, 0);
      return json(res, 200, { status: "ok", token });
    }
    const uploadStatus = /^\/api\/file\/upload\/([^/]+)\/status\.json$/.exec(url.pathname);
    if (uploadStatus && method === "GET") {
      if (!checkToken(url.searchParams, res)) return;
      const token = uploadStatus[1];
      if (!files.has(token)) return json(res, 404, { status: "error", message: "File not found" });
      const polls = (uploadPolls.get(token) ?? 0) + 1;
      uploadPolls.set(token, polls);
      return json(res, 200, { status: polls > 1 ? "uploaded" : "pending" });
    }
    if (url.pathname === "/api/signing/create.json" && method === "POST") {
      if (!checkToken(url.searchParams, res)) return;
      const fileToken = body["files[0][token]"];
      if (body.type !== "pdf" || !fileToken || !files.has(fileToken)) return json(res, 400, { status: "error", message: "Invalid type or file" });
      const signerId = body["signers[0][id]"];
      if (!signerId || !body["signers[0][name]"] || !body["signers[0][surname]"]) return json(res, 400, { status: "error", message: "Signer is required" });
      const signer = Object.fromEntries(Object.entries(body).filter(([k]) => k.startsWith("signers[0][")).map(([k, v]) => [k.slice(11, -1), v]));
      const token = randomBytes(20).toString("hex");
      const signerToken = randomBytes(20).toString("hex");
      signings.set(token, { token, fileToken, signerId, signerToken, signer, status: "pending" });
      last = token;
      return json(res, 200, { status: "ok", token, signers: { [signerId]: signerToken } });
    }
    const page = /^\/signing\/([^/]+?)(\/sign)?$/.exec(url.pathname);
    if (page && (method === "GET" || (page[2] && method === "POST"))) {
      const s = signings.get(page[1]);
      const given = url.searchParams.get("access_token") ?? body.access_token;
      if (!s || given !== s.signerToken) {
        res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
        return void res.end("<!doctype html><title>Not found</title>");
      }
      if (page[2]) {
        if (s.status === "pending") s.status = "signed";
        res.writeHead(303, { Location: `/signing/${s.token}?access_token=${s.signerToken}` });
        return void res.end();
      }
      const sign = `<form method="post" action="/signing/${s.token}/sign"><input type="hidden" name="access_token" value="${s.signerToken}"><button>Allkirjasta</button></form>`;
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void res.end(
        `<!doctype html><html lang="et"><title>Dokobit (fake)</title><h1>Dokobit Documents Gateway (fake)</h1><p>${s.status}</p>${s.status === "pending" ? sign : ""}</html>`,
      );
    }
    const status = /^\/api\/signing\/([^/]+)\/status\.json$/.exec(url.pathname);
    if (status && method === "GET") {
      if (!checkToken(url.searchParams, res)) return;
      const s = signings.get(status[1]);
      if (!s) return json(res, 404, { status: "error", message: "Signing not found" });
      if (fake.beforeStatus) await fake.beforeStatus();
      return json(res, 200, {
        status: "ok",
        signing_status: s.status === "signed" ? "completed" : s.status === "declined" ? "declined" : "pending",
        signers: { [s.signerId]: { status: s.status } },
        ...(s.status === "signed" ? { file: `/api/signing/${s.token}/download.pdf` } : {}),
      });
    }
    const download = /^\/api\/signing\/([^/]+)\/download\.pdf$/.exec(url.pathname);
    if (download && method === "GET") {
      if (!checkToken(url.searchParams, res)) return;
      const s = signings.get(download[1]);
      if (!s || s.status !== "signed") return json(res, 404, { status: "error", message: "Not signed" });
      res.writeHead(200, { "Content-Type": "application/pdf" });
      return void res.end(signedFiles.get(s.token) ?? signed(s));
    }
    json(res, 404, { status: "error", message: "Not found" });
  }

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => (res.headersSent ? res.end() : json(res, 500, { status: "error", message: "Fake failure" })));
  });
  const url = server.url;
  const get = (token: string) => {
    const s = signings.get(token);
    if (!s) throw new Error("fake Dokobit gateway: no such signing");
    return s;
  };
  const fake: FakeDokobitGateway = {
    url,
    accessToken,
    requests,
    files,
    lastSigningToken: () => last,
    signing: (token) => signings.get(token),
    sign: (token) => void (get(token).status = "signed"),
    decline: (token) => void (get(token).status = "declined"),
    signedBytes: (token) => signed(get(token)),
    signedFile: (token, bytes) => void signedFiles.set(get(token).token, bytes),
    breakNext: (suffix, answer) => void broken.push({ suffix, answer }),
    beforeStatus: null,
    close: server.close,
  };
  return fake;
}
