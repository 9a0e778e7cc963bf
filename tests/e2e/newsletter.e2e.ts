// The footer's newsletter signup: the terms box must be ticked; a malformed address is refused
// with its message; a new address is thanked; an address already signed up is told so.
import { expect, test, type Page } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import { setChecked } from "./support/waits.ts";
import { chunkOf } from "./support/chunks.ts";

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

test.describe("newsletter signup in the footer", () => {
  test("keeps the button disabled until the terms box is ticked", async ({ openPage }) => {
    const page = await openPage("/fr");
    const block = newsletter(page);
    const submit = await fillForm(page, freshEmail(), false);
    await expect(submit).toBeDisabled();
    const terms = block.getByRole("checkbox", { name: message("fr", "footer.newsletter.terms") });
    await setChecked(terms, true);
    await expect(submit).toBeEnabled();
    await setChecked(terms, false);
    await expect(submit).toBeDisabled();
  });

  test("links to the data protection policy in a new tab", async ({ openPage }) => {
    const page = await openPage("/fr");
    const policy = newsletter(page).getByRole("link", { name: new RegExp(message("fr", "footer.newsletter.policy")) });
    await expect(policy).toHaveAttribute("target", "_blank");
    await expect
      .poll(async () => new URL((await policy.getAttribute("href")) ?? "", page.url()).pathname)
      .toBe("/fr/politique-de-protection-des-donnees-personnelles");
  });

  test("refuses a malformed address with its message", async ({ openPage }) => {
    const page = await openPage("/fr");
    const submit = await fillForm(page, "not-an-address", true);
    await submit.click();
    const block = newsletter(page);
    await expect(block.getByRole("alert").getByText(message("fr", "newsLetter.invalidEmail"), { exact: true })).toBeVisible();
    const field = block.getByLabel(message("fr", "footer.newsletter.email"), { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
  });

  test("signs up a new address and says so, then tells that the address is already signed up", async ({ openPage }) => {
    const email = freshEmail();
    const page = await openPage("/fr");
    await (await fillForm(page, email, true)).click();
    const block = newsletter(page);
    const thanks = block.getByRole("status").getByText(message("fr", "newsLetter.validMessage"), { exact: true });
    await expect(thanks).toBeVisible();
    await expect(block.getByRole("button", { name: message("fr", "footer.newsletter.submit"), exact: true })).toBeHidden();
    // The form gave way to the message: the focus is on it, not lost.
    await expect.poll(() => thanks.evaluate((element) => element.closest("[tabindex]") === document.activeElement)).toBe(true);

    const again = await openPage("/fr");
    await (await fillForm(again, email, true)).click();
    await expect(newsletter(again).getByRole("alert").getByText(message("fr", "newsLetter.errorMailExist"), { exact: true })).toBeVisible();
  });

  test("says the shop cannot be reached when the form's code cannot be loaded", async ({ openPage }) => {
    const page = await openPage("/fr");
    // The form's machine loads when the form is approached: a lost connection fails that load.
    await page.route(chunkOf("src/actors/newsletter-actors.ts"), (route) => route.abort("internetdisconnected"));
    const submit = await fillForm(page, freshEmail(), false);
    // Without the machine the terms box cannot be ticked, so the button stays disabled: the tick is the first need.
    await newsletter(page).getByRole("checkbox", { name: message("fr", "footer.newsletter.terms") }).click();
    await expect(notifications(page).getByRole("alert").getByText(message("fr", "errors.server.access"), { exact: true })).toBeVisible();
    await expect(submit).toBeVisible();
  });
});
