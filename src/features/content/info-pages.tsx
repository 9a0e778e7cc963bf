// Placeholder until this feature is built.
export function BlogPage() {
  return <h1>BlogPage</h1>;
}

export function DeliveryPage() {
  return <h1>DeliveryPage</h1>;
}

export function ExchangeReturnPage() {
  return <h1>ExchangeReturnPage</h1>;
}

export function FaqPage() {
  return <h1>FaqPage</h1>;
}

export function LegalMentionsPage() {
  return <h1>LegalMentionsPage</h1>;
}

export function PrivacyPage() {
  return <h1>PrivacyPage</h1>;
}

export function TermsOfSalePage() {
  return <h1>TermsOfSalePage</h1>;
}

