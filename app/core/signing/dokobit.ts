/**
 * The `dokobit` signing provider: the Dokobit Documents Gateway, embedded as an iframe.
 *
 * Protocol, as the public material shows it (dokobit/gateway-php-example README, lib.php,
 * upload-file.php, create-signing.php; the reference is https://gateway-sandbox.dokobit.com/api/doc):
 * - Every API call is `{base}/api/{action}.json?access_token=…`, bodies
 *   `application/x-www-form-urlencoded` with PHP-style nested keys, answers JSON with `status`.
 * - Upload: POST `file/upload` with `file[name]`, `file[digest]` (SHA-256, hex) and
 *   `file[content]` (base64) → `{status:"ok", token}`. Then GET `file/upload/{token}/status`
 *   until `{status:"uploaded"}` (the file must be uploaded before a signing is created).
 * - Create signing: POST `signing/create` with `type=pdf`, `name`, `files[0][token]`,
 *   `signers[0][id|name|surname|code|country_code|phone]` → `{status:"ok", token,
 *   signers:{<id>: <signer access token>}}`.
 * - The frame: `{base}/signing/{signing token}?access_token={signer access token}`; with the
 *   gateway's iframe integration it reports success or error to the parent by postMessage.
 * - Result: GET `signing/{token}/status` → `{status:"ok", signers:{<id>:{status}}, file}`;
 *   `file` is where the signed document is downloaded from.
 *
 * Assumptions, where the public material is silent:
 * - A signer status of `signed` (or a signing status `completed`) with a `file` means signed;
 *   `declined`, `rejected`, `failed`, `expired` or `canceled` means failed; anything else pending.
 * - The download is a GET of `file` with the API access token as `access_token` when `file`
 *   is on the gateway's origin (never sent to another origin).
 * - Refused access tokens are HTTP 401 or 403.
 * - The signed PDF is the uploaded file with the signature appended (a PAdES incremental
 *   update): the core accepts no other file as its signature (docs/decisions/0285).
 */
import type { SigningProvider, SigningStatus } from "./provider.js";
import { SigningProviderError } from "./provider.js";

export interface DokobitGatewayOptions {
  baseUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Upload status polls before giving up (default 10, 300 ms apart). */
  uploadPolls?: number;
  pollDelayMs?: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const FAILED = new Set(["declined", "rejected", "failed", "expired", "canceled", "cancelled", "error"]);

export function dokobitSigningProvider(options: DokobitGatewayOptions): SigningProvider {
  const base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const polls = options.uploadPolls ?? 10;
  const delay = options.pollDelayMs ?? 300;

  const redact = (text: string) => text.split(options.accessToken).join("[redacted]");
  const fail = (message: string): never => {
    throw new SigningProviderError(`Dokobit Documents Gateway: ${redact(message)}`);
  };

  async function call(action: string, init: { method: "GET" | "POST"; form?: Record<string, string> }): Promise<Json> {
    const url = new URL(`api/${action}.json`, base);
    url.searchParams.set("access_token", options.accessToken);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: init.method,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { Accept: "application/json", ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      });
      text = await response.text();
    } catch (err) {
      return fail(`${action} could not be reached (${err instanceof Error ? err.name : "error"})`);
    }
    if (response.status === 401 || response.status === 403) fail(`the access token was refused (HTTP ${response.status})`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(`${action}: unexpected answer (HTTP ${response.status}, not JSON)`);
    }
    if (!isObject(body)) return fail(`${action}: unexpected answer (HTTP ${response.status})`);
    if (response.status >= 500) fail(`${action} failed (HTTP ${response.status})`);
    return body;
  }

  const signerId = (token: string) => `signer-${token.slice(0, 16)}`;

  return {
    name: "dokobit",
    frameOrigin: base.origin,

    async start({ token, document, signer }) {
      const upload = await call("file/upload", {
        method: "POST",
        form: { "file[name]": document.fileName, "file[digest]": document.sha256, "file[content]": Buffer.from(document.bytes).toString("base64") },
      });
      if (upload.status !== "ok" || typeof upload.token !== "string") fail(`file upload refused (${String(upload.message ?? upload.status)})`);
      const fileToken = upload.token as string;
      for (let i = 0; ; i++) {
        const state = await call(`file/upload/${encodeURIComponent(fileToken)}/status`, { method: "GET" });
        if (state.status === "uploaded") break;
        if (state.status === "error" || i + 1 >= polls) fail(`file upload not finished (${String(state.status)})`);
        await new Promise((r) => setTimeout(r, delay));
      }
      const id = signerId(token);
      const form: Record<string, string> = {
        type: "pdf",
        name: document.fileName.replace(/\.pdf$/, ""),
        "files[0][token]": fileToken,
        "signers[0][id]": id,
        "signers[0][name]": signer.firstName,
        "signers[0][surname]": signer.lastName,
        "signers[0][code]": signer.personalCode,
        "signers[0][country_code]": "EE",
      };
      if (signer.phone) form["signers[0][phone]"] = signer.phone.replace(/[\s-]/g, "");
      const created = await call("signing/create", { method: "POST", form });
      const accessToken = isObject(created.signers) ? created.signers[id] : undefined;
      if (created.status !== "ok" || typeof created.token !== "string" || typeof accessToken !== "string") {
        // The gateway's words may quote the signer it was sent: their names go here (their code and phone go in the log's redaction, decision 0318).
        const words = [signer.firstName, signer.lastName].filter(Boolean).reduce((out, name) => out.split(name).join("[name]"), String(created.message ?? created.status));
        fail(`signing creation refused (${words})`);
      }
      return {
        baseUrl: base.origin + base.pathname.replace(/\/$/, ""),
        signingToken: created.token as string,
        accessToken: accessToken as string,
        signingMethod: "dokobit",
        externalId: created.token as string,
      };
    },

    async status({ token, externalId }): Promise<SigningStatus> {
      if (!externalId) return { status: "failed", reason: "no Dokobit signing" };
      const body = await call(`signing/${encodeURIComponent(externalId)}/status`, { method: "GET" });
      // An answer that does not say how the signing stands is the gateway's failure, not the signing's.
      if (typeof body.status !== "string") fail(`signing status: unexpected answer (no status)`);
      if (body.status !== "ok") return { status: "failed", reason: String(body.message ?? body.status) };
      const signerEntry = isObject(body.signers) ? body.signers[signerId(token)] : undefined;
      const signerStatus = isObject(signerEntry) && typeof signerEntry.status === "string" ? signerEntry.status.toLowerCase() : "";
      const signingStatus = typeof body.signing_status === "string" ? body.signing_status.toLowerCase() : "";
      if (FAILED.has(signerStatus) || FAILED.has(signingStatus)) return { status: "failed", reason: signerStatus || signingStatus };
      if (!(signerStatus === "signed" || signingStatus === "completed") || typeof body.file !== "string") return { status: "pending" };
      const fileUrl = new URL(body.file, base);
      if (fileUrl.origin === base.origin) fileUrl.searchParams.set("access_token", options.accessToken);
      // The file's body is read within the timeout and its failure caught as the request's: a
      // gateway that begins the answer and falls silent is not answering (docs/decisions/0298).
      let response: Response;
      let bytes: ArrayBuffer;
      try {
        response = await doFetch(fileUrl, { signal: AbortSignal.timeout(timeoutMs) });
        bytes = await response.arrayBuffer();
      } catch (err) {
        return fail(`the signed file could not be downloaded (${err instanceof Error ? err.name : "error"})`);
      }
      if (!response.ok) fail(`the signed file could not be downloaded (HTTP ${response.status})`);
      return { status: "signed", signedDocument: new Uint8Array(bytes) };
    },
  };
}
