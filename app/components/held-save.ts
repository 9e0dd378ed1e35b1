/**
 * A step's post in the background (the live estimate, the support code's lookup) and the
 * step's save: a save sent while such a post is on its way is held and sent again once the
 * answer is in. With lazy route discovery the router throws on a fetcher's answer that arrives
 * during the move to a route not yet discovered ("Didn't find any matches after fetcher
 * action", decision 0009), and the move is lost.
 */
import { useEffect, useRef, type FormEvent } from "react";

export function useHeldSave(fetcher: { state: string; data?: unknown }) {
  // A post sent whose answer is not in yet. `fetcher.state` is the last render's: a save sent
  // between the post and the render after it would see "idle".
  const asking = useRef(false);
  const held = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    asking.current = false;
    const save = held.current;
    if (!save) return;
    held.current = null;
    save.form.requestSubmit(save.submitter);
    // Each answer is new data: seen even when the router's states between came in one render.
  }, [fetcher.state, fetcher.data]);
  return {
    /** Say so as the post is sent. */
    sent() {
      asking.current = true;
    },
    /** In the form's submit: true when the save is held (the submit prevented) for a post on its way. */
    hold(event: FormEvent<HTMLFormElement>) {
      if (!asking.current && fetcher.state === "idle") return false;
      event.preventDefault();
      held.current = { form: event.currentTarget, submitter: (event.nativeEvent as SubmitEvent).submitter };
      return true;
    },
  };
}
