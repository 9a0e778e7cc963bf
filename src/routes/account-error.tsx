// What the account pages show when their guard refused the visit: a visitor who is not signed in
// is invited to (the page shows once they are: the guard runs again); any other failure as usual.
import { ErrorComponent, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { SignInRequired } from "./guards.ts";
import { AccountSignIn } from "./page-components.tsx";

export function AccountError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (!(error instanceof SignInRequired)) return <ErrorComponent error={error} />;
  const signedIn = () => {
    reset();
    void router.invalidate();
  };
  return <AccountSignIn onSignedIn={signedIn} />;
}
