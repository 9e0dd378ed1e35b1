/** What the tests of the self-service change of beneficiaries (docs/decisions/0145, 0291) share. */
import { expect } from "vitest";
import type { Client } from "./app";
import { pdfText } from "./pdf-text";

/** The change form as the page posts it: one person with the whole share. */
export const ONE_PERSON = {
  "beneficiaries[0].type": "P",
  "beneficiaries[0].firstName": "Peeter",
  "beneficiaries[0].name": "Pärn",
  "beneficiaries[0].idCode": "37605030299",
  "beneficiaries[0].sharePercent": "100",
  "beneficiaries[0].email": "peeter@example.com",
  "beneficiaries[0].phone": "+372 5111 2222",
};

/** ONE_PERSON as the /api takes it. */
export const PEETER_ALONE = [{ type: "P", firstName: "Peeter", name: "Pärn", idCode: "37605030299", sharePercent: 100, email: "peeter@example.com", phone: "+372 5111 2222" }];

/** "Sign" pressed on the demo page in the frame at `frameUrl` with JavaScript off: a top-level post. */
export function signWithoutJs(client: Client, frameUrl: string) {
  const [path, query] = frameUrl.split("?");
  return client.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ access_token: new URLSearchParams(query).get("access_token")!, action: "sign" }).toString(),
  });
}

/** A PDF answer's text, one space for every run of white space (a long line wraps in the PDF). */
export async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, " ");
}
