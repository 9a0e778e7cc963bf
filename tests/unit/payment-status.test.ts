// @vitest-environment jsdom
// What the payment pages say as the payment goes (WCAG 2.2: status messages, focus): the polite status
// line follows the payment flow's state, and a payment that cannot go on is an alert that takes the
// focus and offers the way on.
import { readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentMachine } from "../../machines/payment/payment.machine.ts";
import type { PaymentResult } from "../../machines/payment/payment.types.ts";
import { PaymentNotice, PaymentStatus } from "../../src/features/checkout/payment/payment-status.tsx";

/** The French texts of these ids, as the catalogue has them. */
function frenchTexts(...ids: string[]): Record<string, string[]> {
  const catalogue = readFileSync(path.resolve(import.meta.dirname, "../../locales/fr/customer.po"), "utf8");
  return Object.fromEntries(
    ids.map((id) => {
      const text = new RegExp(`^msgid "${id.replaceAll(".", "\\.")}"\\nmsgstr "([^"]+)"`, "m").exec(catalogue)?.[1];
      if (!text) throw new Error(`no French text for ${id}`);
      return [id, [text]];
    }),
  );
}

const messages = frenchTexts("payment.status.paying", "payment.error", "payment.tryAgain");
const i18n = setupI18n({ locale: "fr", messages: { fr: messages } });
const text = (id: string) => messages[id]?.[0] ?? id;
const withTexts = (node: ReactNode) => createElement(I18nProvider, { i18n }, node);

/** A payment on the step with its requests answered by `initiate`, once 'Pay' was pressed. */
async function paying(initiate: () => Promise<PaymentResult>) {
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadPaymentMethods: fromPromise<void, { cartId: string }>(async () => undefined),
        initiatePayment: fromPromise(initiate),
      },
    }),
  ).start();
  actor.send({ type: "payment.open", cartId: "a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28", consented: true });
  await vi.waitFor(() => expect(actor.getSnapshot().matches("mounting")).toBe(true));
  actor.send({ type: "payment.dropinReady" });
  actor.send({ type: "payment.submit", paymentMethod: { type: "sandbox_card" }, browserInfo: null });
  return actor;
}

afterEach(cleanup);

describe("payment status and notice", () => {
  it("says politely that the payment is in progress", async () => {
    const actor = await paying(() => new Promise<PaymentResult>(() => undefined));
    render(withTexts(createElement(PaymentStatus, { snapshot: actor.getSnapshot() })));
    const status = screen.getByRole("status");
    expect(status.textContent).toBe(text("payment.status.paying"));
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.getAttribute("aria-busy")).toBe("true");
  });

  it("puts the focus on a payment that failed, with the way to try again", async () => {
    const actor = await paying(() => Promise.reject(new Error("the server is down")));
    await vi.waitFor(() => expect(actor.getSnapshot().matches("failed")).toBe(true));
    const tryAgain = vi.fn();
    render(withTexts(createElement(PaymentNotice, { snapshot: actor.getSnapshot(), action: text("payment.tryAgain"), onAction: tryAgain })));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(text("payment.error"));
    expect(document.activeElement).toBe(alert);
    fireEvent.click(screen.getByRole("button", { name: text("payment.tryAgain") }));
    expect(tryAgain).toHaveBeenCalledOnce();
  });
});
