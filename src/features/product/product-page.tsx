// Placeholder until this feature is built.
export function ProductPage() {
  return <h1>ProductPage</h1>;
}

