// The 404 and 401 pages.
import { useLingui } from "@lingui/react";

export function NotFoundPage() {
  const { _ } = useLingui();
  return (
    <section className="error-page">
      <h1>404</h1>
      <p>{_("errors.notfound")}</p>
    </section>
  );
}

export function UnauthorizedPage() {
  const { _ } = useLingui();
  return (
    <section className="error-page">
      <h1>401</h1>
      <p>{_("errors.unauthorized")}</p>
    </section>
  );
}
