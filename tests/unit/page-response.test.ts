/**
 * A page's answer carries its body beside the Response, read by the server's copy of the
 * module as well as by the Remix build's (app/http/page-response.server.ts, decision 0248).
 */
import { describe, expect, it, vi } from "vitest";
import { pageBodyOf, pageResponse } from "~/http/page-response.server";

describe("pageResponse", () => {
  it("keeps the status and headers, makes no body stream, and gives the bytes back", () => {
    const body = new TextEncoder().encode("<!DOCTYPE html><html lang=\"et\"></html>");
    const response = pageResponse(body, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.body).toBeNull();
    expect(pageBodyOf(response)).toBe(body);
  });

  it("is read by another copy of the module (the server's bundle) too", async () => {
    const body = new Uint8Array([60, 112, 62]);
    const response = pageResponse(body, { status: 200 });
    vi.resetModules();
    const other = await import("~/http/page-response.server");
    expect(other.pageBodyOf).not.toBe(pageBodyOf);
    expect(other.pageBodyOf(response)).toBe(body);
  });

  it("finds nothing on any other Response: those are sent from their own body", () => {
    expect(pageBodyOf(new Response("text"))).toBeUndefined();
    expect(pageBodyOf(new Response(null, { status: 204 }))).toBeUndefined();
  });
});
