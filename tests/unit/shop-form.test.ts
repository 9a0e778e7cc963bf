// @vitest-environment jsdom
// The glue every form shares (SPEC §4 Signup form), on TanStack Form: no error before a field is
// left, its error once left (tied to it), the captcha before validation, the focus on the first
// field in error, only a valid form handed on (with the schema's output), and the submit button
// disabled while the submission is under way.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CaptchaCheck } from "../../src/ui/shop-form.ts";
import { Fixture, TEXTS, type FixtureProps, type FixtureSubmission } from "./support/shop-form-fixture.tsx";

const nameField = () => screen.getByLabelText(TEXTS["fixture.name"]);
const emailField = () => screen.getByLabelText(new RegExp(`^${TEXTS["fixture.email"]}`, "u"));
const sendButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Send" });

/** Shows the form; what it hands on goes to `props.onSubmit`, and is recorded. */
function show(props: Partial<FixtureProps> = {}) {
  const onSubmit = vi.fn((submission: FixtureSubmission) => props.onSubmit?.(submission));
  render(createElement(Fixture, { ...props, onSubmit }));
  return onSubmit;
}

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

/** Submits the form and lets the captcha and the validation run. */
async function send() {
  await act(async () => {
    fireEvent.click(sendButton());
  });
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The text of the elements that describe a control. */
function description(control: HTMLElement): string[] {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a field's error", () => {
  it("is not shown while the field is being typed in, before it was first left", () => {
    show();
    type(nameField(), "   ");
    type(emailField(), "not-an-email");
    expect(screen.queryByText(TEXTS["fixture.name.required"])).toBeNull();
    expect(screen.queryByText(TEXTS["fixture.email.error"])).toBeNull();
    expect(nameField().getAttribute("aria-invalid")).toBeNull();
    expect(emailField().getAttribute("aria-invalid")).toBeNull();
  });

  it("shows once the field is left, tied to it, and only for that field", () => {
    show();
    fireEvent.blur(emailField());
    expect(emailField().getAttribute("aria-invalid")).toBe("true");
    expect(description(emailField())).toContain(TEXTS["fixture.email.required"]);
    expect(screen.queryByText(TEXTS["fixture.name.required"])).toBeNull();
    expect(nameField().getAttribute("aria-invalid")).toBeNull();
  });

  it("follows the value once shown: another rule's message, then none", () => {
    show();
    fireEvent.blur(emailField());
    type(emailField(), "nobody");
    expect(description(emailField())).toContain(TEXTS["fixture.email.error"]);
    type(emailField(), "someone@example.com");
    expect(screen.queryByText(TEXTS["fixture.email.error"])).toBeNull();
    expect(emailField().getAttribute("aria-invalid")).toBeNull();
  });

  it("waits when the field is left for the submit button: the click is not lost to an error appearing", () => {
    show();
    fireEvent.blur(nameField(), { relatedTarget: sendButton() });
    expect(screen.queryByText(TEXTS["fixture.name.required"])).toBeNull();
  });
});

describe("submitting", () => {
  it("runs the captcha first, and checks the fields only once it answered", async () => {
    const answer = deferred<{ answer: string }>();
    const captcha = vi.fn<CaptchaCheck>(() => answer.promise);
    const onSubmit = show({ captcha });
    await send();
    expect(captcha).toHaveBeenCalledTimes(1);
    // The captcha is still solving: no field was judged yet.
    expect(screen.queryByText(TEXTS["fixture.name.required"])).toBeNull();
    await act(async () => answer.resolve({ answer: "solved" }));
    expect(screen.getByText(TEXTS["fixture.name.required"])).toBeTruthy();
    expect(screen.getByText(TEXTS["fixture.email.required"])).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows why the captcha gave no answer, and judges no field", async () => {
    const onSubmit = show({ captcha: async () => ({ errorId: "fixture.captcha.failed" }) });
    await send();
    expect(screen.getByRole("alert").textContent).toBe(TEXTS["fixture.captcha.failed"]);
    expect(screen.queryByText(TEXTS["fixture.name.required"])).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("moves the focus to the first field in error, in page order", async () => {
    show();
    type(nameField(), "Ann");
    await send();
    expect(document.activeElement).toBe(emailField());
    expect(emailField().getAttribute("aria-invalid")).toBe("true");

    type(nameField(), "");
    await send();
    expect(document.activeElement).toBe(nameField());
  });

  it("hands on a valid form once, with the schema's output and the captcha's answer", async () => {
    const onSubmit = show({ captcha: async () => ({ answer: "solved" }) });
    type(nameField(), "  Ann ");
    type(emailField(), "ann@example.com");
    await send();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      output: { name: "Ann", email: "ann@example.com" },
      values: { name: "  Ann ", email: "ann@example.com" },
      recaptchaData: "solved",
    });
  });

  it("disables the submit button while the submission is under way, and sends nothing twice", async () => {
    const sent = deferred<undefined>();
    const onSubmit = show({ onSubmit: () => sent.promise });
    type(nameField(), "Ann");
    type(emailField(), "ann@example.com");
    await send();
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(sendButton().form ?? document.body);
    await act(async () => sent.resolve(undefined));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("disables the submit button while its machine or mutation is busy", async () => {
    const onSubmit = show({ busy: true });
    type(nameField(), "Ann");
    type(emailField(), "ann@example.com");
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(sendButton().form ?? document.body);
    await act(async () => undefined);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
