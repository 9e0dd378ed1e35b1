/**
 * The one form mechanism's browser half (app/http/form.server.ts is the server's), used by
 * every step and the score screen:
 *
 * - `useStepForm(options)`: conform with the step's zod schema (the one the action parses
 *   with), the submission key never counted as a change, the pending state, and the count of
 *   real submit attempts (a submit the schema stopped in the browser, or a reply with errors
 *   from the server; conform's own validate/add/remove intents are not attempts).
 *   The schema (and zod) comes after hydration (`useAfterHydration`, docs/decisions/0043): until
 *   it is there (`schema: null`) a submit goes to the server, which validates it as it does
 *   without JavaScript.
 * - `useStepErrors(step, items, titles)`: the error summary's items once the customer has
 *   really submitted, never while they type, and the page title with its "Error: " prefix
 *   while they show. The summary takes focus once per attempt.
 * - `useHydrated()`, `usePending(intent?)`: whether JavaScript runs yet; whether a post (with
 *   that intent) is on its way.
 */
import { parse, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { $ZodType } from "zod/v4/core";
import { SUBMISSION_KEY_FIELD, useAfterHydration, useDocumentTitle, useHydrated } from "~/components/every-page";
import { isConformIntent, type SummaryItem } from "~/components/form";

export { useHydrated };

/** A form post is on its way (with `intent`: one carrying that intent). */
export function usePending(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

const loadZodResolve = () => import("~/lib/zod-resolve");

/** A submission that leaves the decision to the server (conform posts it as it is). */
const toTheServer = (formData: FormData) => parse(formData, { resolve: () => ({ error: null }) });

type ConformOptions<Schema extends Record<string, unknown>, FormValue> = Parameters<typeof useForm<Schema, FormValue>>[0];

export type StepFormOptions<Schema extends Record<string, unknown>, FormValue> = Omit<ConformOptions<Schema, FormValue>, "onValidate" | "shouldDirtyConsider"> & {
  id: string;
  /** The step's zod schema; null while it is not loaded (the server validates). */
  schema: $ZodType | null;
  /** Fields that are not the customer's input (never make the form dirty). */
  notInput?: readonly string[] | ((name: string) => boolean);
  /**
   * The fields the page posts as hidden inputs (the action's `hidden`, app/http/form.server.ts):
   * an error of one is the form's message `error.form_changed`, as the server's reply says it.
   */
  hidden?: readonly string[];
  /**
   * After a submit passed the browser's validation (not for conform's intents). Not before
   * the schema is there: such a submit goes to the server as it is, whatever it holds.
   */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * A submit that is about to go (not prevented, not conform's intents), whether the browser or
   * the server judges it: the last moment to hold it (`useHeldSave`).
   */
  onSend?: (event: FormEvent<HTMLFormElement>) => void;
};

export function useStepForm<Schema extends Record<string, unknown>, FormValue = Schema>(options: StepFormOptions<Schema, FormValue>) {
  const { schema, notInput = [], hidden, onValidSubmit, onSend, ...conform } = options;
  const hydrated = useHydrated();
  const saving = usePending();
  const navigation = useNavigation();
  const zod = useAfterHydration(loadZodResolve);
  const validates = schema !== null && zod !== null;
  const considered = (name: string) => name !== SUBMISSION_KEY_FIELD && !(typeof notInput === "function" ? notInput(name) : notInput.includes(name));
  const [form, fields] = useForm<Schema, FormValue>({
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    ...conform,
    onValidate: ({ formData }) =>
      (validates ? parse(formData, { resolve: zod.browserVerdict(schema, hidden) }) : toTheServer(formData)) as Submission<Schema, string[], FormValue>,
    shouldDirtyConsider: considered,
  });

  const lastResult = options.lastResult as SubmissionResult<string[]> | null | undefined;
  const [attempt, setAttempt] = useState(lastResult?.status === "error" ? 1 : 0);
  const seen = useRef(lastResult);
  useEffect(() => {
    if (lastResult && lastResult !== seen.current) {
      seen.current = lastResult;
      if (lastResult.status === "error") setAttempt((n) => n + 1);
    }
  }, [lastResult]);

  // conform's form props without its aria attributes: the form's own errors are the error
  // summary's (focused, a page's one alert), not a description naming an element no page draws.
  const formProps = {
    id: form.id,
    noValidate: form.noValidate,
    // Who judges a submit now: the server until the schema is loaded, then the browser.
    "data-validation": validates ? "browser" : "server",
    onSubmit(event: FormEvent<HTMLFormElement>) {
      form.onSubmit(event);
      if (isConformIntent(event)) return;
      if (event.defaultPrevented) return setAttempt((n) => n + 1);
      if (validates) onValidSubmit?.(event);
      if (!event.defaultPrevented) onSend?.(event);
    },
  };

  return {
    form,
    fields,
    formProps,
    hydrated,
    saving,
    attempt,
    /** Leaving now would lose changes (the leave-page guard's condition); the values compared only once JavaScript runs. */
    unsaved: (dirty?: boolean) =>
      hydrated && navigation.state === "idle" && (dirty ?? (lastResult?.initialValue ? Boolean(form.dirty) : changed(form.initialValue, form.value, considered))),
  };
}

/**
 * Whether the form holds something else than the page started it with, among the fields that
 * are the customer's input. conform's own `form.dirty` leaves the fields that are not input
 * out of the current value only, so a form starting with one filled in (a slider's previous
 * value) counted as changed from the start and its Back link asked before leaving. After a
 * reply (the values as posted, not as saved) `form.dirty` is used as before: it asks.
 */
function changed(initial: unknown, current: unknown, considered: (name: string) => boolean): boolean {
  const pick = (value: unknown) => {
    const entries = Object.entries((value ?? {}) as Record<string, unknown>).filter(([name]) => considered(name));
    return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  };
  return pick(initial) !== pick(current);
}

/** `blocked`: the page shows an error of its own outside the summary (the title says so too). */
export function useStepErrors(step: { attempt: number }, items: SummaryItem[], titles: { plainTitle: string; errorTitle: string }, blocked = false) {
  const show = step.attempt > 0 && items.length > 0;
  useDocumentTitle(show || (step.attempt > 0 && blocked) ? titles.errorTitle : titles.plainTitle);
  return { items: show ? items : [], focusKey: step.attempt };
}
