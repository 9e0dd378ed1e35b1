/**
 * What the customer typed or chose before the page was hydrated (docs/decisions/0330). On a
 * slow connection the form is painted and usable seconds before its JavaScript runs (Slow 3G:
 * usable at about 2.2 s, hydrated at 6–7 s). React 18 hydrates a field without touching what
 * it shows, but a controlled field's state keeps the server's value, and the next render puts
 * that back: the quote's age, the covers, the packages and the score's answers went back to
 * the server's, and what depends on them (the estimate) never heard of the change
 * (facebook/react#26974; React's own fix, #33129, replays change events after hydration and
 * is not in React 18).
 *
 * So, in the commit that hydrates the page (before any render can reset a field), the fields
 * of the page's main part that differ from what the server sent are noted, and right after
 * that commit each is replayed as the customer's own change, in document order, each rendered
 * before the next (a cover follows the age typed before it). A text field the customer had
 * left is left again, so that what settles a value on leaving (the covers' cap, a field's
 * check) runs as it would have.
 */
import { useLayoutEffect, type ReactNode } from "react";

const bubbling = { bubbles: true };

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Wraps the app in app/entry.client.tsx (so never on the server): in the commit that hydrates
 * the page its layout effect runs last, before any render. A wrapper, not a sibling: a second
 * child would change every `useId` under it from the server's (conform's form ids).
 */
export function TypedBeforeHydration({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    // Development's StrictMode runs the effect twice on mount: the first run's replay stops.
    let live = true;
    void (async () => {
      // Until the first wait, in the commit: the fields of `<main>` not as the server sent them
      // (the selects and text areas too: none is controlled, but what a choice shows or hides,
      // and whether the form holds changes, follows their events; a text area's text is back
      // by now, app/lib/written-before-hydration.ts).
      const typed: Array<[field: Field, value: string | boolean, left: boolean]> = [];
      for (const field of document.querySelectorAll<Field>("main input, main select, main textarea")) {
        if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
          // A radio unchecked follows from the one now checked in its group. (A disabled field
          // is as sent: nobody can type into it.)
          if (field.checked !== field.defaultChecked && (field.checked || field.type === "checkbox")) typed.push([field, field.checked, false]);
          continue;
        }
        // The server's value as the browser shows it: a select's from its options as sent (a
        // copy is made from their markup), a range's on its step and within its ends, so that a
        // value the browser moved there is not taken for the customer's.
        const sent = field.cloneNode(field instanceof HTMLSelectElement) as Field;
        if (!(sent instanceof HTMLSelectElement)) sent.value = (field as HTMLInputElement).defaultValue;
        if (field.value !== sent.value) typed.push([field, field.value, field !== document.activeElement]);
      }
      // Then each after React's own work for the one before: React flushes an event's updates
      // in a microtask queued before this one's.
      for (const [field, value, left] of typed) {
        await 0;
        if (!live) return;
        if (typeof value === "boolean") {
          // React compares a field with the value it last set (its value tracker): the opposite
          // set through the field's own property, the click (a customer's) sets it back.
          (field as HTMLInputElement).checked = !value;
          field.click();
        } else {
          // Past the tracker: another value through the field's property, the typed one through
          // the element's prototype (a render that put the server's value back is undone too),
          // then the customer's event. A select has no tracker and no controlled one is here:
          // its choice is on screen, and what follows it listens to `input` (conform).
          if (!(field instanceof HTMLSelectElement)) {
            field.value = value ? "" : " ";
            Reflect.set(Object.getPrototypeOf(field), "value", value, field);
          }
          field.dispatchEvent(new Event("input", bubbling));
        }
        if (left) {
          await 0;
          // Left before hydration: what settles a value on leaving runs (the covers' cap, a check).
          field.dispatchEvent(new Event("focusout", bubbling));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return children;
}
