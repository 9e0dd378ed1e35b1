/**
 * The `demo` signing provider's own pages (PRODUCT.md section 8), mounted at /sign/demo:
 * the frame shows the application (a link to the PDF), its SHA-256 and a sign button.
 * With JavaScript, and a parent whose signing screen hears it, the page signs by fetch and tells
 * the parent (our offer page) by postMessage; otherwise the form posts to the top window, which
 * signs, completes the signing for the session's customer and goes on to /confirmation (or back
 * to the offer).
 * Unlike the rest of the application, these pages may be framed, by our own origin only.
 * Framed, the page's <main> is listed with the framing page's landmarks (by screen readers,
 * and by axe's landmark-unique): it is named by its heading, so that it is told from the page's.
 */
import { randomBytes } from "node:crypto";
import express, { type Request, type Response } from "express";
import type { Config } from "../core/config.js";
import type { Core } from "../core/index.js";
import { docTranslator } from "../core/documents/index.js";
import { sha256 } from "../core/documents/index.js";
import { isLanguage } from "../lib/euro.js";
import { refusalLanguage } from "../i18n/language.server.js";
import { DEMO_SIGNING_MESSAGE, FRAME_HEARD } from "../lib/signing.js";
import { CHANGE_SIGNING_PATH, changeOutcomePath } from "../lib/beneficiary-change.js";
import type { SigningOutcome } from "../lib/signing-outcome.js";
import { changeDocumentLabel } from "../core/documents/policy-version.js";
import { createAppContext } from "./context.server.js";
import { escapeHtml, sendErrorAnswer } from "./error-page.server.js";
import { routerMethods } from "./allowed-methods.server.js";

function frameableHeaders(res: Response, nonce: string) {
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; "),
  );
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Cache-Control", "no-store");
}

export function demoSigningRouter({ core, config }: { core: Core; config: Config }) {
  const router = express.Router();
  // The form body is read, bounded and parsed before the router (app/http/request-limits.server.ts).

  const accessTokenOf = (req: Request) => String(req.query.access_token ?? req.body?.access_token ?? "");

  router.get("/signing/:token", async (req, res, next) => {
    try {
      const token = String(req.params.token);
      const accessToken = accessTokenOf(req);
      const signing = await core.offer.demoDesk.open(token, accessToken);
      const nonce = randomBytes(16).toString("base64");
      frameableHeaders(res, nonce);
      // A signing speaks the language it was started in; a link that names none (wrong, expired)
      // the page's language by the pages' rule (`?lng=`, the cookie), as the customer's page did.
      const lang = isLanguage(signing?.language) ? signing.language : await refusalLanguage(req);
      const t = docTranslator(lang);
      const self = `/sign/demo/signing/${encodeURIComponent(token)}`;
      const query = `access_token=${encodeURIComponent(accessToken)}`;
      const body = !signing
        ? `<p role="alert">${escapeHtml(t("signing.demo.invalid"))}</p>`
        : signing.signed || !signing.pending
          ? `<p role="status">${escapeHtml(t(signing.signed ? "signing.demo.done" : "signing.demo.invalid"))}</p>`
          : `<p>${escapeHtml(t("signing.demo.intro"))}</p>
<p><a href="${self}/document?${query}" target="_blank" rel="noopener">${escapeHtml(signing.purpose === "offer" ? t("signing.demo.document") : changeDocumentLabel(lang))}</a></p>
<p><span id="hash-label">${escapeHtml(t("signing.demo.hash"))}</span>:<br><code aria-labelledby="hash-label" class="hash">${escapeHtml(signing.sha256)}</code></p>
<form method="post" action="${self}" target="_top" id="demo-sign">
  <input type="hidden" name="access_token" value="${escapeHtml(accessToken)}">
  <button type="submit" name="action" value="sign">${escapeHtml(t("signing.demo.sign"))}</button>
  <button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(t("signing.demo.cancel"))}</button>
</form>
<p id="demo-status" role="status"></p>`;
      res.type("html").send(`<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("signing.demo.title"))}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a;line-height:1.5}
h1{font-size:1.25rem;margin:0 0 .5rem}
.hash{word-break:break-all;font-size:.85rem}
button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border:2px solid #005724;background:#005724;color:#fff;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#005724}
/* Near-black on white: well above 3:1 (WCAG 1.4.11); the yellow of old was 1.35:1. */
button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
a{color:#005724}
</style></head>
<body><main aria-labelledby="demo-title"><h1 id="demo-title">${escapeHtml(t("signing.demo.title"))}</h1>${body}</main>
<script nonce="${nonce}">
(function () {
  var form = document.getElementById("demo-sign");
  if (!form || window.parent === window) return;
  var origin = window.location.origin;
  var tell = function (message) { window.parent.postMessage(Object.assign({ source: ${JSON.stringify(DEMO_SIGNING_MESSAGE)} }, message), origin); };
  // The page's signing screen hears this page only once hydrated (FRAME_HEARD on the frame).
  var heard = function () { try { return !!window.frameElement && window.frameElement.hasAttribute(${JSON.stringify(FRAME_HEARD)}); } catch (e) { return false; } };
  form.addEventListener("submit", function (event) {
    // A browser that does not say which button was pressed (Safari before 15.4) posts the form
    // itself, to the top page, as without JavaScript: "cancel" was taken for "sign". So does a
    // page nothing on which hears a message: it signs and concludes at once.
    if (!event.submitter || !heard()) return;
    event.preventDefault();
    var action = event.submitter.value === "cancel" ? "cancel" : "sign";
    if (action === "cancel") { tell({ status: "error", errors: ["cancelled by the signer"] }); return; }
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    var body = new URLSearchParams({ access_token: form.elements.access_token.value, action: "sign", mode: "js" });
    fetch(form.getAttribute("action"), { method: "POST", body: body, headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (r) {
        if (r.ok) { document.getElementById("demo-status").textContent = ${JSON.stringify(t("signing.demo.done"))}; tell({ status: "success" }); }
        else tell({ status: "error", errors: [r.j && r.j.error || "signing refused"] });
      })
      .catch(function () { tell({ status: "error", errors: ["the signing service could not be reached"] }); });
  });
})();
</script></body></html>`);
    } catch (error) {
      next(error);
    }
  });

  router.get("/signing/:token/document", async (req, res, next) => {
    try {
      const document = await core.offer.demoDesk.document(String(req.params.token), accessTokenOf(req));
      if (!document) return void (await sendErrorAnswer(req, res, config, { status: 404, code: "error.not_found" }));
      // The stored bytes are what is signed: their hash is the one the page shows.
      if (sha256(document.bytes) !== document.sha256) throw new Error("the stored document no longer matches its hash");
      res.setHeader("Content-Type", "application/pdf");
      res.setHeader("Content-Disposition", `inline; filename="application.pdf"`);
      res.setHeader("Cache-Control", "private, no-store");
      res.send(Buffer.from(document.bytes));
    } catch (error) {
      next(error);
    }
  });

  router.post("/signing/:token", async (req, res, next) => {
    try {
      const token = String(req.params.token);
      const accessToken = accessTokenOf(req);
      const wantsJson = req.body?.mode === "js" || (req.get("accept") ?? "").includes("application/json");
      const cancelled = req.body?.action === "cancel";
      const signed = cancelled ? false : await core.offer.demoDesk.sign(token, accessToken);
      if (wantsJson) {
        if (cancelled || !signed) return void res.status(cancelled ? 200 : 409).json(cancelled ? { status: "cancelled" } : { error: "not a pending signing" });
        return void res.json({ status: "signed" });
      }
      // Without JavaScript this post is the whole page: complete for the session's customer.
      const signing = await core.offer.demoDesk.open(token, accessToken);
      // Back to the signing screen with the outcome's name, which the page words (app/lib/signing-outcome.ts).
      const outcome: SigningOutcome = cancelled ? "cancelled" : "failed";
      const changeFailed = `${CHANGE_SIGNING_PATH}?signing=${outcome}`;
      const offerFailed = `/offer?step=signing&signing=${outcome}`;
      const { customer } = await createAppContext({ core, config, cookieHeader: req.headers.cookie }).visitor();
      // This page's own signing: another tab's newer one is left as it is.
      const completion = { errors: cancelled ? "cancelled by the signer" : signed ? null : "not a pending signing", signingToken: token };
      if (signing?.purpose === "beneficiary-change") {
        // A policyholder's change of beneficiaries (docs/decisions/0145): the same path, its own pages.
        if (!customer || customer.id !== signing.customerId) return void res.redirect(303, changeFailed);
        const changed = await core.beneficiaryChange.completeSigning(customer, completion);
        return void res.redirect(303, changed.ok && changed.value.result === "SIGNED" ? changeOutcomePath("signed") : changeFailed);
      }
      if (!signing || !customer || customer.id !== signing.customerId) return void res.redirect(303, offerFailed);
      const completed = await core.offer.completeSigning(customer, completion);
      const ok = completed.ok && completed.value.result === "SIGNED";
      res.redirect(303, ok ? "/confirmation" : offerFailed);
    } catch (error) {
      next(error);
    }
  });

  // A path it has, asked with a method it does not take (OPTIONS too), is 405 with the methods
  // it takes, as the pages and the /api answer (docs/decisions/0336, 0367); Express's own
  // answered OPTIONS 200, and anything else fell through to the pages' 404.
  router.use((req, res, next) => {
    const allowed = routerMethods(router, req.path);
    if (allowed.length === 0) return next();
    res.setHeader("Allow", allowed.join(", "));
    res.setHeader("Cache-Control", "no-store");
    sendErrorAnswer(req, res, config, { status: 405, code: "error.method_not_allowed" }).catch(next);
  });

  return router;
}
