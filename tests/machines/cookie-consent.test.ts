// Cookie consent: every generated path walked on a real actor, then the stored decision, the panel and
// what is allowed when, one by one. The cookie that keeps the decision (365 days) is tested where it
// is written and read: tests/unit/consent-cookie.test.ts.
import { createActor, type SnapshotFrom } from "xstate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describePath, flowPaths, stateName, type FlowPath } from "../../machines/shared/flow-model.ts";
import { cookieConsentMachine } from "../../machines/cookie-consent/cookie-consent.machine.ts";
import { cookieConsentModel, returningVisitorModel } from "../../machines/cookie-consent/cookie-consent.model.ts";
import { canCancelChoice, isAllowed, isBannerShown, isDraftAllowed, isPanelOpen } from "../../machines/cookie-consent/cookie-consent.selectors.ts";
import {
  CONSENT_CATEGORIES,
  type ConsentChoices,
  type CookieConsentEvent,
  type CookieConsentInput,
  type StoredConsent,
} from "../../machines/cookie-consent/cookie-consent.types.ts";
import { isFlowEvent, walkPath } from "./support/walk-path.ts";

type CookieConsentSnapshot = SnapshotFrom<typeof cookieConsentMachine>;

const NOW = new Date("2026-03-02T09:30:00.000Z");
const NONE: ConsentChoices = { maps: false, captcha: false, payment: false };
const ALL: ConsentChoices = { maps: true, captcha: true, payment: true };

function startConsent(input: CookieConsentInput = { stored: null }) {
  const stored: StoredConsent[] = [];
  const machine = cookieConsentMachine.provide({ actions: { storeConsent: (_, decision) => stored.push(decision) } });
  const actor = createActor(machine, { input }).start();
  return { actor, stored };
}

function allowedOf(snapshot: CookieConsentSnapshot): Record<string, boolean> {
  return Object.fromEntries(CONSENT_CATEGORIES.map((category) => [category, isAllowed(snapshot, category)]));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("cookie consent: generated paths", () => {
  const paths = flowPaths(cookieConsentModel);

  it("reach every state the visitor can see", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state.value))));
    expect([...reached].sort()).toEqual(["asking.choosing", "asking.undecided", "decided"]);
  });

  for (const path of paths) it(describePath(cookieConsentModel, path), () => walkConsentPath(path, cookieConsentModel.input));
});

describe("cookie consent, returning visitor: generated paths", () => {
  for (const path of flowPaths(returningVisitorModel)) it(describePath(returningVisitorModel, path), () => walkConsentPath(path, returningVisitorModel.input));
});

/** A generated path walked on a real actor from `input`, checking what the banner and panel show and what is stored at each step. */
async function walkConsentPath(path: FlowPath<CookieConsentSnapshot, CookieConsentEvent>, input: CookieConsentInput): Promise<void> {
  const consent = startConsent(input);

  const check = (expected: CookieConsentSnapshot) => {
    const actual = consent.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(isBannerShown(actual)).toBe(actual.matches({ asking: "undecided" }));
    expect(isPanelOpen(actual)).toBe(actual.matches({ asking: "choosing" }));
    expect(canCancelChoice(actual)).toBe(actual.matches({ asking: "choosing" }) && actual.context.consent !== null);
    if (actual.matches({ asking: "undecided" })) expect(allowedOf(actual)).toEqual(NONE);
  };

  await walkPath(path, {
    initial: (expected) => {
      check(expected);
      // A decision stored is what is allowed from the start (nothing before any decision).
      expect(allowedOf(consent.actor.getSnapshot())).toEqual(input.stored?.categories ?? NONE);
    },
    step: async ({ event, expected, previous }) => {
      if (isFlowEvent<CookieConsentEvent>(event, "consent.")) consent.actor.send(event);
      check(expected);

      const actual = consent.actor.getSnapshot();
      const decision =
        event.type === "consent.acceptAll" ? ALL : event.type === "consent.refuseAll" ? NONE : event.type === "consent.save" ? previous.context.draft : null;
      expect(consent.stored.splice(0)).toEqual(decision ? [{ categories: decision, decidedAt: NOW.toISOString() }] : []);
      // What is allowed changes only with a decision, and is then that decision.
      if (decision) expect(allowedOf(actual)).toEqual(decision);
      else expect(allowedOf(actual)).toEqual(allowedOf(previous));
    },
  });
}

describe("cookie consent: rules", () => {
  it("asks on a first visit and allows nothing meanwhile", () => {
    const snapshot = startConsent().actor.getSnapshot();
    expect(isBannerShown(snapshot)).toBe(true);
    expect(allowedOf(snapshot)).toEqual(NONE);
  });

  it("does not ask again when a decision is stored, and stores nothing at start", () => {
    const consent = startConsent({ stored: { categories: { ...NONE, maps: true }, decidedAt: "2026-01-01T00:00:00.000Z" } });
    const snapshot = consent.actor.getSnapshot();
    expect(snapshot.value).toBe("decided");
    expect(allowedOf(snapshot)).toEqual({ ...NONE, maps: true });
    expect(consent.stored).toEqual([]);
  });

  it("treats a category that an older stored decision does not name as refused", () => {
    const consent = startConsent({ stored: { categories: { maps: true, captcha: true }, decidedAt: "2025-06-01T00:00:00.000Z" } });
    expect(allowedOf(consent.actor.getSnapshot())).toEqual({ ...ALL, payment: false });
  });

  it("stores the decision with its date when all is accepted", () => {
    const consent = startConsent();
    consent.actor.send({ type: "consent.acceptAll" });
    expect(consent.stored).toEqual([{ categories: ALL, decidedAt: NOW.toISOString() }]);
    expect(allowedOf(consent.actor.getSnapshot())).toEqual(ALL);
  });

  it("lets the visitor choose each of the three categories", () => {
    const consent = startConsent();
    consent.actor.send({ type: "consent.choose" });
    for (const category of CONSENT_CATEGORIES) {
      expect(isDraftAllowed(consent.actor.getSnapshot(), category)).toBe(false);
      consent.actor.send({ type: "consent.toggle", category });
      expect(isDraftAllowed(consent.actor.getSnapshot(), category)).toBe(true);
    }
    consent.actor.send({ type: "consent.toggle", category: "captcha" });
    expect(allowedOf(consent.actor.getSnapshot())).toEqual(NONE);
    consent.actor.send({ type: "consent.save" });
    expect(consent.stored).toEqual([{ categories: { ...ALL, captcha: false }, decidedAt: NOW.toISOString() }]);
    expect(allowedOf(consent.actor.getSnapshot())).toEqual({ ...ALL, captcha: false });
  });

  it("reopens from the cookie page with the current choices, which stay in force until saved", () => {
    const consent = startConsent({ stored: { categories: { ...NONE, captcha: true }, decidedAt: "2026-01-01T00:00:00.000Z" } });
    consent.actor.send({ type: "consent.reopen" });
    expect(isPanelOpen(consent.actor.getSnapshot())).toBe(true);
    expect(isDraftAllowed(consent.actor.getSnapshot(), "captcha")).toBe(true);
    consent.actor.send({ type: "consent.toggle", category: "captcha" });
    consent.actor.send({ type: "consent.toggle", category: "maps" });
    expect(allowedOf(consent.actor.getSnapshot())).toEqual({ ...NONE, captcha: true });
    consent.actor.send({ type: "consent.save" });
    expect(allowedOf(consent.actor.getSnapshot())).toEqual({ ...NONE, maps: true });
    expect(consent.stored).toEqual([{ categories: { ...NONE, maps: true }, decidedAt: NOW.toISOString() }]);
  });

  it("closes the reopened panel without storing anything, the decision in force unchanged", () => {
    const consent = startConsent({ stored: { categories: { ...NONE, maps: true }, decidedAt: "2026-01-01T00:00:00.000Z" } });
    consent.actor.send({ type: "consent.reopen" });
    consent.actor.send({ type: "consent.toggle", category: "payment" });
    expect(canCancelChoice(consent.actor.getSnapshot())).toBe(true);
    consent.actor.send({ type: "consent.cancel" });
    expect(consent.actor.getSnapshot().value).toBe("decided");
    expect(allowedOf(consent.actor.getSnapshot())).toEqual({ ...NONE, maps: true });
    expect(consent.stored).toEqual([]);
    // Reopened again, the panel shows the choices in force, not the abandoned ones.
    consent.actor.send({ type: "consent.reopen" });
    expect(isDraftAllowed(consent.actor.getSnapshot(), "payment")).toBe(false);
  });

  it("does not let a first visitor close the panel without deciding", () => {
    const consent = startConsent();
    consent.actor.send({ type: "consent.choose" });
    expect(canCancelChoice(consent.actor.getSnapshot())).toBe(false);
    consent.actor.send({ type: "consent.cancel" });
    expect(isPanelOpen(consent.actor.getSnapshot())).toBe(true);
  });
});
