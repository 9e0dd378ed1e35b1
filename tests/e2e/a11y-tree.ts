/**
 * The form controls as Chromium's accessibility tree has them (what a screen reader is
 * given): role, name, required, invalid and description, one line each. Read through
 * the DevTools protocol, so it works with the page's JavaScript off too. Playwright's
 * ariaSnapshot covers roles, names and values; this adds required, invalid and descriptions.
 */
import type { Page } from "@playwright/test";

const CONTROL_ROLES = new Set(["textbox", "checkbox", "radio", "combobox", "slider", "spinbutton", "searchbox"]);

/** The protocol hands some strings over as Latin-1 decoded UTF-8 ("pÃ¤evi"): read them back. */
const text = (value: unknown) => {
  const raw = String(value ?? "");
  return /[\u00c2-\u00f4][\u0080-\u00bf]/.test(raw) ? Buffer.from(raw, "latin1").toString("utf8") : raw;
};

interface AXValue {
  value?: unknown;
}
interface AXNode {
  ignored: boolean;
  backendDOMNodeId?: number;
  role?: AXValue;
  name?: AXValue;
  value?: AXValue;
  description?: AXValue;
  properties?: Array<{ name: string; value: AXValue }>;
}

/** One line per control: `textbox "E-posti aadress" required invalid "Viga: See väli on kohustuslik."`. */
export async function formControls(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
    const lines: string[] = [];
    for (const node of nodes) {
      const role = String(node.role?.value ?? "");
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      const props = Object.fromEntries((node.properties ?? []).map((p) => [p.name, p.value.value]));
      const parts = [role, JSON.stringify(text(node.name?.value))];
      // No slider value here: Chromium 156's tree reports `valuetext` as the bare number (or
      // nothing). What a slider says is heard through the screen-reader model instead
      // (tests/e2e/screen-reader.ts, issue 24 item 6).
      if (props.required) parts.push("required");
      if (props.invalid && props.invalid !== "false") parts.push("invalid");
      if (node.description?.value) parts.push(JSON.stringify(text(node.description.value)));
      lines.push(parts.join(" "));
    }
    return lines;
  } finally {
    await session.detach();
  }
}

/** The line of the control named `name` (exactly), or undefined. */
export async function control(page: Page, role: string, name: string): Promise<string | undefined> {
  return (await formControls(page)).find((line) => line.startsWith(`${role} ${JSON.stringify(name)}`));
}
