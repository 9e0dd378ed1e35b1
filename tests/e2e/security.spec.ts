/** The Content-Security-Policy: a fresh nonce per response, carried by every script. */
import { expect, freshPersonalCode, jsEnabled, signIn, test } from "./fixtures";

function scriptNonce(csp: string | undefined): string {
  const match = /(?:^|;)\s*script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "");
  expect(match, `script-src with a nonce in: ${csp}`).not.toBeNull();
  return match![1];
}

test("pages carry a CSP with a per-response nonce that every script uses", async ({ page }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/login"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    const nonce = scriptNonce(headers["content-security-policy"]);
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline'; script");
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    nonces.add(nonce);

    // Every executable script (inline or not) carries the response's nonce; data blocks need none.
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/type="application\/json"/.test(attributes)) continue;
      expect(attributes, `a script on ${path}`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size, "a new nonce per response").toBe(2);
});

// The console-error fixture fails on any CSP violation; this walks the pages a sign-in passes.
test("no CSP violations while signing in; with JavaScript the page hydrates", async ({ page }) => {
  await page.goto("/");
  if (jsEnabled()) {
    // Remix's streamed state arrives in inline scripts: without the nonce they are blocked and
    // the page silently never hydrates.
    await expect.poll(() => page.evaluate(() => Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized))).toBe(true);
  }
  await page.getByRole("link", { name: "Alusta" }).click();
  await expect(page).toHaveURL("/login");
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Kasutaja registreerimine" })).toBeVisible();
});
