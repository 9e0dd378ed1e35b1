// A form of the size of the app's step forms (six fields), its values from the loader.
import { Form, useLoaderData } from "@remix-run/react";

const FIELDS = ["firstName", "lastName", "email", "phone", "address", "city"] as const;

export const meta = () => [{ title: "Reference form" }];

export function loader() {
  return { values: Object.fromEntries(FIELDS.map((name) => [name, `${name} value`])) as Record<(typeof FIELDS)[number], string> };
}

export default function Index() {
  const { values } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Reference form</h1>
      <Form method="post">
        {FIELDS.map((name) => (
          <p key={name}>
            <label htmlFor={name}>{name}</label>
            <input id={name} name={name} defaultValue={values[name]} required />
          </p>
        ))}
        <button type="submit">Save</button>
      </Form>
    </main>
  );
}
