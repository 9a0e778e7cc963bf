// The empowerment programme's budgets as an admin sets them and a crew member sees them: who may
// call what, the setup's form and staff-number file checked field by field, a new setup of a month
// changing the budget but never what was spent, the list from the current month on.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextMonth } from "../../server/modules/empowerment/paris-month.ts";
import { backends } from "../support/test-app.ts";
import { currentMonth, startEmpowermentShop, type EmpowermentShop } from "./empowerment-fixtures.ts";

type Setup = { month: number; year: number; monthlyBudgetAmount: number; beneficiaryCount: number; beneficiaries: string[]; updatedAt: string };
type ErrorBody = { status: number; code?: string; fields?: { field: string; message: string }[] };

/** A fresh staff number per test, so tests never share a pot. */
let serial = 0;
const staffNumber = () => `T${String(process.pid % 1000).padStart(3, "0")}${String((serial += 1)).padStart(4, "0")}`;

describe.each(backends())("empowerment setups ($name)", (backend) => {
  let shop: EmpowermentShop;
  const now = currentMonth();
  const later = nextMonth(nextMonth(now));

  beforeAll(async () => {
    shop = await startEmpowermentShop(backend);
  });
  afterAll(async () => {
    await shop.close();
  });

  const fieldOf = (body: ErrorBody) => body.fields?.[0]?.field;

  it("lets an admin set budgets, a crew member read a pot, and nobody else", async () => {
    const admin = await shop.admin();
    const crew = await shop.crew(staffNumber());
    const employee = await shop.account("BRAND_EMPLOYEE");
    const publicCustomer = await shop.account("GENERAL_PUBLIC");
    const form = { monthlyBudgetAmount: 1000, month: later.month, year: later.year };
    const cartUuid = "6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f";

    for (const outsider of [crew, employee, publicCustomer]) {
      expect((await shop.setup(outsider.headers, form)).json<ErrorBody>()).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
      expect((await shop.listSetups(outsider.headers)).json<ErrorBody>()).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
    }
    for (const outsider of [admin, employee, publicCustomer]) {
      expect((await shop.moneyPot(outsider.headers)).json<ErrorBody>()).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
      expect((await shop.setCard(outsider.headers, "Merci")).json<ErrorBody>()).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
      expect((await shop.validate(outsider.headers, cartUuid)).json<ErrorBody>()).toMatchObject({ status: 403, code: "CUSTOMER_GROUP_NOT_ALLOWED" });
    }
    for (const response of [
      await shop.setup({}, form),
      await shop.listSetups({}),
      await shop.moneyPot({}),
      await shop.setCard({}, "Merci"),
      await shop.validate({}, cartUuid),
    ]) {
      expect(response.statusCode).toBe(401);
    }

    expect((await shop.setup(admin.headers, form)).statusCode).toBe(200);
    expect((await shop.listSetups(admin.headers)).statusCode).toBe(200);
    expect((await shop.moneyPot(crew.headers)).json<ErrorBody>()).toMatchObject({ status: 404, code: "MONEY_POT_NOT_FOUND" });
  });

  it("reads the staff-number file: a header, CRLF, a BOM, CSV columns, blank lines and duplicates", async () => {
    const admin = await shop.admin();
    const [a, b, c] = [staffNumber(), staffNumber(), staffNumber()];
    const file = `\uFEFFstaffNumber;name\r\n${c};Zoé\r\n\r\n"${a}";Anne\r\n${b.toLowerCase()}\r\n${a}\r\n`;
    const response = await shop.setup(admin.headers, { monthlyBudgetAmount: 15_000, month: later.month, year: later.year }, { pncList: { name: "crew.csv", content: file } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Setup>()).toMatchObject({ month: later.month, year: later.year, monthlyBudgetAmount: 15_000, beneficiaryCount: 3, beneficiaries: [a, b, c].sort() });
    expect(await shop.potRow(b, later)).toEqual({ budget_cents: 15_000, spent_cents: 0 });

    const pnc = await shop.setup(admin.headers, { monthlyBudgetAmount: 100, month: later.month, year: later.year }, { pncList: { name: "crew.txt", content: `pnc\n${a}\n`, contentType: "text/plain" } });
    expect(pnc.json<Setup>().beneficiaries).toEqual([a]);
  });

  it("refuses a bad form, naming the field", async () => {
    const admin = await shop.admin();
    const good = { monthlyBudgetAmount: 1000, month: later.month, year: later.year };
    const past = now.month === 1 ? { month: 12, year: now.year - 1 } : { month: now.month - 1, year: now.year };
    const setup = (fields: Record<string, string | number>, files = {}) => shop.setup(admin.headers, fields, files);
    const cases: [Promise<Awaited<ReturnType<typeof setup>>>, string][] = [
      [setup({ ...good, monthlyBudgetAmount: 0 }), "monthlyBudgetAmount"],
      [setup({ ...good, monthlyBudgetAmount: "12.5" }), "monthlyBudgetAmount"],
      [setup({ ...good, monthlyBudgetAmount: "douze" }), "monthlyBudgetAmount"],
      [setup({ ...good, ...past }), "month"],
      [setup({ ...good, month: 13 }), "month"],
      [setup({ monthlyBudgetAmount: 1000, year: later.year }), "month"],
      [setup({ ...good, surprise: "x" }), "surprise"],
      [setup(good, { pncList: { name: "crew.csv", content: "PN300001\n\nAB12\n" } }), "pncList"],
      [setup(good, { pncList: { name: "crew.csv", content: "" } }), "pncList"],
      [setup(good, { pncList: { name: "crew.csv", content: "staffNumber\n" } }), "pncList"],
      [setup(good, { pncList: { name: "crew.png", content: "PN300001\n", contentType: "image/png" } }), "pncList"],
      [setup(good, { pncList: { name: "crew.csv", content: `${"PN300001\n".repeat(12_000)}` } }), "pncList"],
      [setup(good, { pncList: { name: "crew.csv", content: `${"PN300001\n".repeat(5001)}` } }), "pncList"],
      [setup(good, { other: { name: "crew.csv", content: "PN300001\n" } }), "other"],
      [setup({ ...good, pncList: "PN300001" }), "pncList"],
    ];
    for (const [pending, field] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldOf(response.json<ErrorBody>()), response.body).toBe(field);
    }
    const badLine = await setup(good, { pncList: { name: "crew.csv", content: "PN300001\n\nAB12\n" } });
    expect(badLine.json<ErrorBody>().fields?.[0]?.message).toBe('line 3: "AB12" is not an 8-character staff number');
  });

  it("changes the budget of a month again without losing what was spent, and keeps the list when no file comes", async () => {
    const admin = await shop.admin();
    const [kept, dropped] = [staffNumber(), staffNumber()];
    const month = { month: later.month, year: later.year };
    const file = (numbers: string[]) => ({ pncList: { name: "crew.csv", content: numbers.join("\n") } });
    expect((await shop.setup(admin.headers, { monthlyBudgetAmount: 10_000, ...month }, file([kept, dropped]))).statusCode).toBe(200);
    await shop.db.rows(
      // Spending happens in the current month; here the pots of a later month stand in for it.
      sql`update money_pots set spent_cents = 4000 where staff_number in (${kept}, ${dropped}) and year = ${later.year} and month = ${later.month}`,
    );

    const raised = await shop.setup(admin.headers, { monthlyBudgetAmount: 12_000, ...month });
    expect(raised.json<Setup>().beneficiaries).toEqual([kept, dropped].sort());
    expect(await shop.potRow(kept, later)).toEqual({ budget_cents: 12_000, spent_cents: 4000 });

    const narrowed = await shop.setup(admin.headers, { monthlyBudgetAmount: 12_000, ...month }, file([kept]));
    expect(narrowed.json<Setup>()).toMatchObject({ beneficiaries: [kept], beneficiaryCount: 1 });
    expect(await shop.potRow(kept, later)).toEqual({ budget_cents: 12_000, spent_cents: 4000 });
    expect(await shop.potRow(dropped, later)).toEqual({ budget_cents: 4000, spent_cents: 4000 });

    // A later month without a file starts from the latest setup before it.
    const following = nextMonth(later);
    const carried = await shop.setup(admin.headers, { monthlyBudgetAmount: 5000, month: following.month, year: following.year });
    expect(carried.json<Setup>().beneficiaries).toContain(kept);
    expect(await shop.potRow(kept, following)).toEqual({ budget_cents: 5000, spent_cents: 0 });
  });

  it("lists the setups from the current month on, soonest first, with their staff numbers", async () => {
    const admin = await shop.admin();
    const crewNumber = staffNumber();
    await shop.setup(admin.headers, { monthlyBudgetAmount: 7000, month: now.month, year: now.year }, { pncList: { name: "crew.csv", content: crewNumber } });
    const { setups } = (await shop.listSetups(admin.headers)).json<{ setups: Setup[] }>();
    const months = setups.map((setup) => setup.year * 12 + setup.month);
    expect(months).toEqual([...months].sort((x, y) => x - y));
    expect(months[0]).toBe(now.year * 12 + now.month);
    expect(setups[0]).toMatchObject({ monthlyBudgetAmount: 7000, beneficiaries: expect.arrayContaining([crewNumber]) as unknown });

    const crew = await shop.crew(crewNumber);
    expect((await shop.moneyPot(crew.headers)).json()).toEqual({ month: now.month, year: now.year, budgetAmount: 7000, spentAmount: 0, remainingAmount: 7000 });
  });
});
