// Placeholder until this feature is built.
export function SearchPage() {
  return <h1>SearchPage</h1>;
}

