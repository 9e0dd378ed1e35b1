// A bare form from a loader: `?fields=N` labelled inputs (6 when not given, 1 to 200) and a
// submit button. The bench asks for each page's own number of form controls, so a page is
// compared with a bare Remix form of the same size (issue 25, DEVELOPERS.md "Budgets").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

export const meta = () => [{ title: "Reference form" }];

export function loader({ request }: LoaderFunctionArgs) {
  const asked = Number(new URL(request.url).searchParams.get("fields") ?? 6);
  const count = Number.isInteger(asked) ? Math.min(200, Math.max(1, asked)) : 6;
  return { fields: Array.from({ length: count }, (_, i) => ({ name: `field${i}`, value: `value ${i}` })) };
}

export default function Index() {
  const { fields } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Reference form</h1>
      <Form method="post">
        {fields.map(({ name, value }) => (
          <p key={name}>
            <label htmlFor={name}>{name}</label>
            <input id={name} name={name} defaultValue={value} required />
          </p>
        ))}
        <button type="submit">Save</button>
      </Form>
    </main>
  );
}
