// The footer's newsletter signup: the terms box must be ticked; a malformed address is refused
// with its message; a new address is thanked; an address already signed up is told so.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser.ts";
import { message } from "./support/messages.ts";
import { hidden, setChecked, visible } from "./support/waits.ts";

/** An address no other test uses. */
const freshEmail = () => `newsletter-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function newsletter(page: Page) {
  return page.getByRole("contentinfo").getByRole("region", { name: message("fr", "footer.newsletter.title") });
}

function notifications(page: Page) {
  return page.getByRole("region", { name: message("fr", "notifications.label") });
}

async function fillForm(page: Page, email: string, acceptTerms: boolean) {
  const block = newsletter(page);
  await block.getByLabel(message("fr", "footer.newsletter.email"), { exact: true }).fill(email);
  if (acceptTerms) await setChecked(block.getByRole("checkbox", { name: message("fr", "footer.newsletter.terms") }), true);
  return block.getByRole("button", { name: message("fr", "footer.newsletter.submit"), exact: true });
}

describe("newsletter signup in the footer", () => {
  it("keeps the button disabled until the terms box is ticked", async () => {
    const page = await openPage("/fr");
    const block = newsletter(page);
    const submit = await fillForm(page, freshEmail(), false);
    expect(await submit.isDisabled()).toBe(true);
    const terms = block.getByRole("checkbox", { name: message("fr", "footer.newsletter.terms") });
    await setChecked(terms, true);
    await page.waitForFunction((element) => !(element as HTMLButtonElement).disabled, await submit.elementHandle());
    await setChecked(terms, false);
    await page.waitForFunction((element) => (element as HTMLButtonElement).disabled, await submit.elementHandle());
  });

  it("links to the data protection policy in a new tab", async () => {
    const page = await openPage("/fr");
    const policy = newsletter(page).getByRole("link", { name: new RegExp(message("fr", "footer.newsletter.policy")) });
    expect(await policy.getAttribute("target")).toBe("_blank");
    expect(new URL((await policy.getAttribute("href")) ?? "", page.url()).pathname).toBe("/fr/politique-de-protection-des-donnees-personnelles");
  });

  it("refuses a malformed address with its message", async () => {
    const page = await openPage("/fr");
    const submit = await fillForm(page, "not-an-address", true);
    await submit.click();
    const block = newsletter(page);
    await visible(block.getByRole("alert").getByText(message("fr", "newsLetter.invalidEmail"), { exact: true }));
    const field = block.getByLabel(message("fr", "footer.newsletter.email"), { exact: true });
    expect(await field.getAttribute("aria-invalid")).toBe("true");
  });

  it("signs up a new address and says so, then tells that the address is already signed up", async () => {
    const email = freshEmail();
    const page = await openPage("/fr");
    await (await fillForm(page, email, true)).click();
    const block = newsletter(page);
    const thanks = await visible(block.getByRole("status").getByText(message("fr", "newsLetter.validMessage"), { exact: true }));
    await hidden(block.getByRole("button", { name: message("fr", "footer.newsletter.submit"), exact: true }));
    // The form gave way to the message: the focus is on it, not lost.
    expect(await thanks.evaluate((element) => element.closest("[tabindex]") === document.activeElement)).toBe(true);

    const again = await openPage("/fr");
    await (await fillForm(again, email, true)).click();
    await visible(newsletter(again).getByRole("alert").getByText(message("fr", "newsLetter.errorMailExist"), { exact: true }));
  });

  it("says the shop cannot be reached when the form's code cannot be loaded", async () => {
    const page = await openPage("/fr");
    // The form's machine loads when the form is approached: a lost connection fails that load.
    await page.route(/\/assets\/newsletter-actors-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    const submit = await fillForm(page, freshEmail(), false);
    // Without the machine the terms box cannot be ticked, so the button stays disabled: the tick is the first need.
    await newsletter(page).getByRole("checkbox", { name: message("fr", "footer.newsletter.terms") }).click();
    await visible(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true }));
    await visible(submit);
  });
});
