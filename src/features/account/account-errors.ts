// The error catalogue of SPEC §8 for the account pages: an API failure as the message id of the
// danger notification (an address's: src/api/addresses.ts). Codes that name a field are shown on the field by the forms as well.
import { isApiError } from "../../api/client.ts";

/** Any other change of the account (profile, password, deletion). */
export function accountErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === "CURRENT_PASSWORD_MISMATCH") return "account.password.current.error";
  if (isApiError(error) && error.code === "EMAIL_ALREADY_EXISTS") return "errors.login.allReadyExist";
  if (isApiError(error) && error.status === 401) return "errors.unauthorized";
  return "errors.server.access";
}
