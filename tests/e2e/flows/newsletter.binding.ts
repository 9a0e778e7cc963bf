// The footer's newsletter form in the browser. Every answer of the subscription call comes from the
// real server, the request being held a moment so that the waiting button can be seen: a new address
// is subscribed; "already subscribed" is an address subscribed meanwhile through the API; "too many
// requests" is this path's client address having used up its hourly sign-ups first. Only the failure
// (500) is answered here (page.route): the real server cannot be made to fail; the contract lists no
// 500 for this call, and it stands for any answer of a failing server, which the form treats alike.
import { newsletterModel } from "../../../machines/newsletter/newsletter.model.ts";
import type { Lang } from "../support/api.ts";
import { expect, type Locator, type Page } from "../support/fixtures.ts";
import { message } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";
import { apiCallFrom, holdRequests, ownClientAddress } from "./world.ts";

interface PathData {
  email: string;
  client: string;
  held: Awaited<ReturnType<typeof holdRequests>>;
}

const SUBSCRIPTIONS = /\/api\/v1\/newsletter\/subscriptions(\?|$)/;
/** NEWSLETTER_LIMITS.perAddress of the server, read through its answers: sign-ups are sent until refused. */
const MOST_SIGN_UPS_TRIED = 50;

const langOf = (page: Page): Lang => (new URL(page.url()).pathname.split("/")[1] === "en" ? "en" : "fr");

function newsletter(page: Page): Locator {
  return page.getByRole("contentinfo").getByRole("region", { name: message(langOf(page), "footer.newsletter.title") });
}

const field = (page: Page) => newsletter(page).getByLabel(message(langOf(page), "footer.newsletter.email"), { exact: true });
const terms = (page: Page) => newsletter(page).getByRole("checkbox", { name: message(langOf(page), "footer.newsletter.terms") });
const submitButton = (page: Page) => newsletter(page).getByRole("button", { name: message(langOf(page), "footer.newsletter.submit"), exact: true });
const alertText = (page: Page) => newsletter(page).getByRole("alert");

/** The path's own address for the model's valid one (an address no other test uses), and its client address. */
function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("newsletter") as PathData | undefined;
  if (found === undefined) throw new Error("the newsletter path was not started");
  return found;
}

async function expectEditing(page: Page, checked: boolean, error: string | null): Promise<void> {
  await expect(terms(page)).toBeChecked({ checked });
  if (checked) await expect(submitButton(page)).toBeEnabled();
  else await expect(submitButton(page)).toBeDisabled();
  if (error === null) await expect(alertText(page)).toHaveText("");
  else await expect(alertText(page)).toHaveText(message(langOf(page), error));
}

export const newsletterBinding = defineFlowBinding(newsletterModel, {
  inEnglish: true,
  start: async (world) => {
    const client = await ownClientAddress(world.context);
    const page = await world.openPage(`/${world.lang}`);
    const held = await holdRequests(page, SUBSCRIPTIONS);
    const data: PathData = { email: `newsletter-flow-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, client, held };
    world.memory.set("newsletter", data);
    await newsletter(page).scrollIntoViewIfNeeded();
    return page;
  },
  states: {
    "editing.awaitingTerms": (page) => expectEditing(page, false, null),
    "editing.termsAccepted.ready": (page) => expectEditing(page, true, null),
    "editing.termsAccepted.invalidEmail": async (page) => {
      await expectEditing(page, true, "newsLetter.invalidEmail");
      await expect(field(page)).toHaveAttribute("aria-invalid", "true");
    },
    "editing.termsAccepted.alreadySubscribed": (page) => expectEditing(page, true, "newsLetter.errorMailExist"),
    "editing.termsAccepted.tooManyRequests": (page) => expectEditing(page, true, "errors.tooManyRequests"),
    "editing.termsAccepted.failed": (page) => expectEditing(page, true, "errors.server.access"),
    submitting: async (page) => {
      const busy = newsletter(page).getByRole("button", { name: message(langOf(page), "footer.newsletter.submitting"), exact: true });
      await expect(busy).toHaveAttribute("aria-busy", "true");
    },
    subscribed: async (page) => {
      const lang = langOf(page);
      await expect(newsletter(page).getByRole("status")).toHaveText(message(lang, "newsLetter.validMessage"));
      await expect(newsletter(page).getByRole("button")).toHaveCount(0);
      await expect(newsletter(page).getByRole("status")).toBeFocused();
    },
  },
  events: {
    "newsletter.toggleTerms": (page) => terms(page).click(),
    "newsletter.submit": async (page, event, world) => {
      if (event.type !== "newsletter.submit") throw new Error(`not a submit: ${event.type}`);
      // The model's valid address stands for this path's own; an invalid one is typed as it is.
      const valid = world.next?.matches("submitting") === true;
      await field(page).fill(valid ? path(world).email : event.email);
      await submitButton(page).click();
    },
    "(subscribed)": async (_page, _event, world) => {
      await (await path(world).held.next()).continue();
    },
    "(answers 409 already subscribed)": async (_page, _event, world) => {
      const { email, client, held } = path(world);
      const route = await held.next();
      expect(await apiCallFrom(client, "POST", "/newsletter/subscriptions", { email })).toBe(201);
      await route.continue();
    },
    "(answers 429 too many requests)": async (_page, _event, world) => {
      const { client, held } = path(world);
      const route = await held.next();
      let status = 0;
      for (let tried = 0; tried < MOST_SIGN_UPS_TRIED && status !== 429; tried += 1) {
        status = await apiCallFrom(client, "POST", "/newsletter/subscriptions", { email: `limit-${tried}-${Date.now()}@example.com` });
      }
      expect(status).toBe(429);
      await route.continue();
    },
    "(answers 500)": async (_page, _event, world) => {
      const route = await path(world).held.next();
      await route.fulfill({ status: 500, json: { status: 500, code: "INTERNAL_ERROR", message: "Internal Server Error" } });
    },
  },
});
