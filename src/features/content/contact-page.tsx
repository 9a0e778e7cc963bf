// Placeholder until this feature is built.
export function ContactPage() {
  return <h1>ContactPage</h1>;
}

