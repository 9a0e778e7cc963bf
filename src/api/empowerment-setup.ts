// POST empowerment/setup (multipart): the budget of a month for each crew member covered, with an
// optional file of their staff numbers (SPEC §7). A refusal keeps the fields the server named (the
// file's names its first bad line), for the form to show on each field.
import type { components } from "../../common/api/schema.gen.ts";
import { isApiError, unwrap, type ApiClient, type ApiError } from "./client.ts";

type EmpowermentSetup = components["schemas"]["EmpowermentSetup"];

export interface SetupRequest {
  /** In euro cents. */
  monthlyBudgetAmount: number;
  month: number;
  year: number;
  pncList: File | null;
}

/** A refusal of the setup: the fields at fault, by name, with the server's words. */
export interface SetupRefusal extends ApiError {
  fields: Record<string, string>;
}

export function isSetupRefusal(error: unknown): error is SetupRefusal {
  return isApiError(error) && "fields" in error;
}

export async function sendEmpowermentSetup(api: ApiClient, request: SetupRequest): Promise<EmpowermentSetup> {
  const { monthlyBudgetAmount, month, year, pncList } = request;
  const call = api.POST("/empowerment/setup", {
    body: { monthlyBudgetAmount, month, year },
    // Multipart: the file goes as itself, the numbers as their digits.
    bodySerializer: (body) => {
      const data = new FormData();
      data.append("monthlyBudgetAmount", String(body.monthlyBudgetAmount));
      data.append("month", String(body.month));
      data.append("year", String(body.year));
      if (pncList) data.append("pncList", pncList, pncList.name);
      return data;
    },
  });
  // The answer's `fields` are read before the client's error keeps only status, message and code;
  // the refusal is thrown past `unwrap`, which would make it a bare ApiError.
  let refusal: SetupRefusal | undefined;
  const answered = call.then((result) => {
    if (result.error !== undefined && !result.response.ok) {
      const fields = Object.fromEntries((result.error.fields ?? []).map((item) => [item.field, item.message]));
      if (Object.keys(fields).length > 0) {
        refusal = { status: result.response.status, message: result.error.message, fields, ...(result.error.code ? { code: result.error.code } : {}) };
      }
    }
    return result;
  });
  try {
    return await unwrap(answered);
  } catch (error) {
    throw refusal ?? error;
  }
}
