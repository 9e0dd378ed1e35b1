/**
 * The form on the page that is the customer's (a step's form carries a submission key): what
 * the session's end (app/components/session-warning.tsx) and a language switch
 * (app/components/later-layout.tsx) keep as a draft. Its own module, for those two parts loaded
 * after the page: not in the chunk every page loads.
 */
import { SUBMISSION_KEY_FIELD } from "~/components/every-page";

export const pageForm = () => document.querySelector<HTMLInputElement>(`main form input[name="${SUBMISSION_KEY_FIELD}"]`)?.form ?? null;
