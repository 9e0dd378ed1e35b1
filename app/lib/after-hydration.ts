/**
 * Code a page needs only once it is interactive, loaded with `import()` after hydration
 * (docs/decisions/0043): the forms' zod schemas, the session warning, the score's popups.
 * The first render (the server's, and hydration's) never has the module, so both render the
 * same markup; what the module adds comes with the next render.
 */
import { useEffect, useState } from "react";

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * The module `load` imports, or null until it is there. `load` is a module-level function
 * (`() => import(…)`): a later page with the same one has the module at its first effect. A
 * load that fails (the network) is tried again when a component using it mounts again.
 */
export function useAfterHydration<M>(load: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(null);
  useEffect(() => {
    if (loaded.has(load)) return setModule(loaded.get(load) as M);
    let current = true;
    load().then(
      (value) => {
        loaded.set(load, value);
        if (current) setModule(value);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load]);
  return module;
}

/**
 * Whether JavaScript runs yet (false on the server and in hydration's render). Here, in the
 * chunk every page loads, rather than with the form mechanism: the landing page's quote uses
 * it without loading conform (docs/decisions/0085-anonymous-quote.md).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
