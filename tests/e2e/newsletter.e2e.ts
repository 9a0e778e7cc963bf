// The footer's newsletter signup, beyond its flow's paths (tests/e2e/flows/newsletter.e2e.ts walk the
// terms box, the address check and every answer): the policy link, and the form's code failing to load.
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
  test("links to the data protection policy in a new tab", async ({ openPage }) => {
    const page = await openPage("/fr");
    const policy = newsletter(page).getByRole("link", { name: new RegExp(message("fr", "footer.newsletter.policy")) });
    await expect(policy).toHaveAttribute("target", "_blank");
    await expect
      .poll(async () => new URL((await policy.getAttribute("href")) ?? "", page.url()).pathname)
      .toBe("/fr/politique-de-protection-des-donnees-personnelles");
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
