// POST empowerment/setup as the budget form sends it: a refusal reaches the form with the fields the
// server named (the file's first bad line), not only as a bare error.
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { isSetupRefusal, sendEmpowermentSetup } from "../../src/api/empowerment-setup.ts";

const FILE_PROBLEM = 'line 3: "AB12" is not an 8-character staff number';

function clientAnswering(status: number, body: unknown) {
  return createApiClient({
    baseUrl: "http://shop.test/api/v1",
    storefrontToken: "test-token-0123456789",
    locale: () => "fr_FR",
    fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })),
  });
}

const request = { monthlyBudgetAmount: 12050, month: 12, year: 2026, pncList: new File(["staffNumber\r\nPN300001\r\nAB12\r\n"], "crew.csv", { type: "text/csv" }) };

describe("sendEmpowermentSetup", () => {
  it("throws the refusal with the fields the server named", async () => {
    const api = clientAnswering(400, { status: 400, message: `Invalid pncList: ${FILE_PROBLEM}`, code: "VALIDATION_FAILED", fields: [{ field: "pncList", message: FILE_PROBLEM }] });
    const error: unknown = await sendEmpowermentSetup(api, request).catch((thrown: unknown) => thrown);
    expect(isSetupRefusal(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED", fields: { pncList: FILE_PROBLEM } });
  });

  it("throws a bare error when the server named no field", async () => {
    const api = clientAnswering(403, { status: 403, message: "not an empowerment admin", code: "CUSTOMER_GROUP_NOT_ALLOWED" });
    const error: unknown = await sendEmpowermentSetup(api, request).catch((thrown: unknown) => thrown);
    expect(isSetupRefusal(error)).toBe(false);
    expect(error).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
  });

  it("answers the saved setup", async () => {
    const saved = { beneficiaries: ["PN300001"], month: 12, year: 2026, monthlyBudgetAmount: 12050, beneficiaryCount: 1, updatedAt: "2026-11-26T01:53:53.976Z" };
    await expect(sendEmpowermentSetup(clientAnswering(200, saved), request)).resolves.toEqual(saved);
  });
});
