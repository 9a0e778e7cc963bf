// Placeholder until this feature is built.
export function CookiesPage() {
  return <h1>CookiesPage</h1>;
}

