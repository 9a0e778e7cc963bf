// The error catalogue of SPEC §8 for the account pages: an API failure as the message id of the
// danger notification. Codes that name a field are shown on the field by the forms as well.
import { formErrorId } from "../../../machines/auth/auth-errors.ts";
import { isApiError } from "../../api/client.ts";

/** Saving an address: SPEC §8 maps "address add" like login, register and forgot. */
export function addressSaveErrorMessage(error: unknown): string {
  // A refused field (overseas postcode, phone, country): the form shows which.
  if (isApiError(error) && error.status === 400) return "addressForm.invalid";
  return formErrorId("personal", error);
}

/** Any other change of the account (profile, password, deletion). */
export function accountErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === "CURRENT_PASSWORD_MISMATCH") return "account.password.current.error";
  if (isApiError(error) && error.code === "EMAIL_ALREADY_EXISTS") return "errors.login.allReadyExist";
  if (isApiError(error) && error.status === 401) return "errors.unauthorized";
  return "errors.server.access";
}
