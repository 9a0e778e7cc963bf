// The error catalogue of SPEC §8 for the account pages: an API failure as the message id of the
// danger notification. Codes that name a field are shown on the field by the forms as well.
import { isApiError } from "../../api/client.ts";

/** Saving an address (SPEC §8 "address add"). */
export function addressSaveErrorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : undefined;
  // A refused field (overseas postcode, phone, country): the form shows which.
  if (status === 400) return "addressForm.invalid";
  if (status === 401) return "errors.login.unauthorized";
  if (status === 409) return "errors.login.allReadyExist";
  if (status === 404) return "errors.login.notFound";
  return "errors.server.access";
}

/** Any other change of the account (profile, password, deletion). */
export function accountErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === "CURRENT_PASSWORD_MISMATCH") return "account.password.current.error";
  if (isApiError(error) && error.code === "EMAIL_ALREADY_EXISTS") return "errors.login.allReadyExist";
  if (isApiError(error) && error.status === 401) return "errors.unauthorized";
  return "errors.server.access";
}
