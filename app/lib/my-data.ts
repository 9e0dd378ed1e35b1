/**
 * What the "My data" page and its /api door share (docs/decisions/0135): the access log's
 * codes (what was read, who read it) and the paging of its query string.
 */
import { tallinnDateTime } from "./tallinn-time";

/** What a read touched: the translation key `my_data.what.<code>`. */
export const ACCESS_WHATS = [
  "questionnaire",
  "score",
  "measurement",
  "activity",
  "draft",
  "application",
  "policy",
  "payment-schedule",
  "beneficiary-change",
  "invoice",
  "credit-note",
  "ending",
  "underwriting-list",
  "underwriting-decision",
  "underwriting-lookup",
  "policy-activation",
  "key-rotation",
  "data-export",
  "other",
] as const;
export type AccessWhat = (typeof ACCESS_WHATS)[number];

/** Who read: the translation key `my_data.who.<code>`. */
export const ACCESS_WHOS = ["you", "underwriting", "signing", "operator", "system"] as const;
export type AccessWho = (typeof ACCESS_WHOS)[number];

export interface AccessEntry {
  id: number;
  /** ISO 8601 time of the read. */
  at: string;
  what: AccessWhat;
  /** For a document: "pdf" or "web" (its web page); otherwise null. */
  format: "pdf" | "web" | null;
  /** An invoice's or a credit note's number, an ending's policy; otherwise null. */
  reference: string | null;
  who: AccessWho;
  /** The reason an operator gave (docs/decisions/0112); otherwise null. */
  reason: string | null;
}

export interface AccessLogPage {
  items: AccessEntry[];
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

const ACCESS_LOG_PAGE_SIZE = 20;
const MAX_ACCESS_LOG_PAGE_SIZE = 100;
const MAX_PAGE = 100_000;

/** The access log as the data page shows it: each entry's time also as text (dd.mm.yyyy hh:mm, Tallinn). */
export type ShownAccessLog = Omit<AccessLogPage, "items"> & { items: (AccessEntry & { when: string })[] };

/**
 * `?page=` (1 when absent) and `?pageSize=` (the default when absent) as numbers, or null for
 * anything else (a 400 with `error.invalid_page`): one whole decimal number each, in range.
 */
export function parseAccessLogQuery(params: URLSearchParams): { page: number; pageSize: number } | null {
  const page = wholeParam(params, "page", 1, MAX_PAGE);
  const pageSize = wholeParam(params, "pageSize", ACCESS_LOG_PAGE_SIZE, MAX_ACCESS_LOG_PAGE_SIZE);
  return page === null || pageSize === null ? null : { page, pageSize };
}

/** `?page=` of a paged list (1 when absent), or null for anything but one whole number in range (a 400). */
export const parsePageParam = (params: URLSearchParams): number | null => wholeParam(params, "page", 1, MAX_PAGE);

function wholeParam(params: URLSearchParams, name: string, fallback: number, max: number): number | null {
  const values = params.getAll(name);
  if (values.length === 0) return fallback;
  const raw = values.length === 1 ? values[0] : "";
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

/** A moment as Estonians read it, in Tallinn's time: `24.11.2026 17:31` (the same in every language). */
export function formatDateTime(iso: string): string {
  const { date, time } = tallinnDateTime(iso);
  return `${date} ${time}`;
}
