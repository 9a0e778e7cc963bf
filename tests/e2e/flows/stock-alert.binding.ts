// The back-in-stock form of an out-of-stock product in the browser, for a signed-in customer (the
// model's profile address is the customer's, its other address one of this path's own). The alert
// call is held a moment so that the sending button can be seen, then answered by the real server:
// registered; "already registered" is the same address registered meanwhile through the API; "too
// many requests" is that address having used up its hourly alerts first. Only the failure (500) is
// answered here (page.route): the real server cannot be made to fail; the contract lists no 500 for
// this call, and it stands for any answer of a failing server, which the form treats alike.
import { OTHER_EMAIL, PROFILE_EMAIL, stockAlertModel } from "../../../machines/stock-alert/stock-alert.model.ts";
import type { Lang } from "../support/api.ts";
import { outOfStockProduct } from "../support/catalogue.ts";
import { registerCustomer, signInBrowser } from "../support/customers.ts";
import { expect, type Locator, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";
import { apiCallFrom, holdRequests, ownClientAddress } from "./world.ts";

const ALERTS = /\/api\/v1\/products\/offer\/restock-alert(\?|$)/;
/** RESTOCK_ALERT_LIMITS.perEmail of the server, read through its answers: alerts are asked for until refused. */
const MOST_ALERTS_TRIED = 50;
const PRODUCT_PATH: Record<Lang, string> = { fr: "produit", en: "product" };

interface PathData {
  lang: Lang;
  offerId: number;
  /** The model's addresses, as this path types them. */
  addresses: Map<string, string>;
  client: string;
  held: Awaited<ReturnType<typeof holdRequests>>;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("stock-alert") as PathData | undefined;
  if (found === undefined) throw new Error("the stock alert path was not started");
  return found;
}

const addressOf = (data: PathData, email: string) => data.addresses.get(email) ?? email;

function alertForm(page: Page, lang: Lang): Locator {
  return page.getByRole("form", { name: message(lang, "product.stockAlert.title") });
}

function notification(page: Page, lang: Lang, role: "status" | "alert", id: string): Locator {
  return page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole(role).getByText(message(lang, id), { exact: true });
}

const emailField = (page: Page, lang: Lang) => alertForm(page, lang).getByLabel(message(lang, "product.stockAlert.email"), { exact: true });

/** Lets the held alert call go to the server, and waits for its answer to reach the page. */
async function answer(page: Page, data: PathData, before?: () => Promise<void>): Promise<void> {
  const route = await data.held.next();
  await before?.();
  const response = page.waitForResponse((candidate) => ALERTS.test(candidate.url()));
  await route.continue();
  await response;
}

export const stockAlertBinding = defineFlowBinding(stockAlertModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory }) => {
    const product = await outOfStockProduct(lang);
    if (product.offer === null) throw new Error(`${product.slug} has no offer`);
    const customer = await registerCustomer(lang);
    const client = await ownClientAddress(context);
    await signInBrowser(context, customer.token);
    const page = await openPage(`/${lang}/${PRODUCT_PATH[lang]}/${product.slug}`);
    const held = await holdRequests(page, ALERTS);
    const other = `restock-flow-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const data: PathData = { lang, offerId: product.offer.id, addresses: new Map([[PROFILE_EMAIL, customer.email], [OTHER_EMAIL, other]]), client, held };
    memory.set("stock-alert", data);
    return page;
  },
  states: {
    "editing.ready": async (page, world) => {
      const data = path(world);
      const form = alertForm(page, data.lang);
      await expect(form).toBeVisible();
      await expect(emailField(page, data.lang)).toHaveValue(addressOf(data, world.snapshot.context.email));
      await expect(emailField(page, data.lang)).not.toHaveAttribute("aria-invalid");
      await expect(form.getByText(message(data.lang, "stockAlert.invalidEmail"), { exact: true })).toHaveCount(0);
      await expect(form.getByRole("button", { name: message(data.lang, "product.stockAlert.submit"), exact: true })).toBeEnabled();
    },
    "editing.invalidEmail": async (page, world) => {
      const { lang } = path(world);
      await expect(alertForm(page, lang).getByText(message(lang, "stockAlert.invalidEmail"), { exact: true })).toBeVisible();
      await expect(emailField(page, lang)).toHaveAttribute("aria-invalid", "true");
      await expect(emailField(page, lang)).toBeFocused();
    },
    submitting: async (page, world) => {
      const { lang } = path(world);
      await expect(alertForm(page, lang).getByRole("button", { name: message(lang, "product.stockAlert.sending"), exact: true })).toBeDisabled();
    },
    submitted: async (page, world) => {
      const data = path(world);
      await expect(alertForm(page, data.lang)).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: messagePattern(data.lang, "product.stockAlert.registered") })).toContainText(
        addressOf(data, world.snapshot.context.email),
      );
    },
  },
  events: {
    "stockAlert.submit": async (page, event, world) => {
      if (event.type !== "stockAlert.submit") throw new Error(`not a submit: ${event.type}`);
      const data = path(world);
      await emailField(page, data.lang).fill(addressOf(data, event.email));
      await alertForm(page, data.lang).getByRole("button", { name: message(data.lang, "product.stockAlert.submit"), exact: true }).click();
    },
    "(alert registered)": async (page, _event, world) => {
      const data = path(world);
      await answer(page, data);
      await expect(notification(page, data.lang, "status", "stockAlert.validMessage")).toBeVisible();
    },
    "(answers 409 already registered)": async (page, _event, world) => {
      const data = path(world);
      const email = addressOf(data, world.snapshot.context.email);
      await answer(page, data, async () => {
        expect(await apiCallFrom(data.client, "POST", "/products/offer/restock-alert", { email, offerId: data.offerId })).toBe(201);
      });
      await expect(notification(page, data.lang, "alert", "stockAlert.errorMailExist")).toBeVisible();
    },
    "(answers 429 too many requests)": async (page, _event, world) => {
      const data = path(world);
      const email = addressOf(data, world.snapshot.context.email);
      await answer(page, data, async () => {
        let status = 0;
        for (let tried = 0; tried < MOST_ALERTS_TRIED && status !== 429; tried += 1) {
          status = await apiCallFrom(data.client, "POST", "/products/offer/restock-alert", { email, offerId: data.offerId });
        }
        expect(status).toBe(429);
      });
      await expect(notification(page, data.lang, "alert", "errors.tooManyRequests")).toBeVisible();
    },
    "(answers 500)": async (page, _event, world) => {
      const data = path(world);
      const route = await data.held.next();
      await route.fulfill({ status: 500, json: { status: 500, code: "INTERNAL_ERROR", message: "Internal Server Error" } });
      await expect(notification(page, data.lang, "alert", "errors.server.access")).toBeVisible();
    },
  },
});
