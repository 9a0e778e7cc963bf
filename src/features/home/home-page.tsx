// Placeholder until this feature is built.
export function HomePage() {
  return <h1>HomePage</h1>;
}

