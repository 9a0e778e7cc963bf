// Placeholder until this feature is built.
export function CategoryPage() {
  return <h1>CategoryPage</h1>;
}

