// The sign-in dialog: every generated path walked on a real actor with fake calls, checking
// each state and the effects the app relies on (token stored or deleted, session told, category tree
// reloaded, notifications); then the rules of SPEC §4 and §8 one by one.
import { createActor, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { authMachine, statusOf } from "../../machines/auth/auth.machine.ts";
import {
  AUTHORIZATION,
  authModel,
  BAD_CREDENTIALS,
  CODE_REQUIRED,
  NO_SESSION,
  DIRECTORY_DOWN,
  EXPIRED,
  MISMATCH_NO_COUNT,
  MISMATCH_TWO_LEFT,
  PROVIDER_DOWN,
  SAMPLE_AUTHORIZATION_CODE,
  SAMPLE_CAPTCHA,
  SAMPLE_CODE,
  SAMPLE_CUSTOMER,
  SAMPLE_EMAIL,
  SAMPLE_HOME,
  SAMPLE_PASSWORD,
  SAMPLE_RETURN_TO,
  SAMPLE_STAFF_NUMBER,
  SAMPLE_STATE,
  SAMPLE_TOKEN,
  SERVER_ERROR,
  SIGNED_IN,
  TOO_MANY,
} from "../../machines/auth/auth.model.ts";
import { isReloaded, isSubmitting, selectAttemptsLeft, selectEmail, selectErrorId, selectTab } from "../../machines/auth/auth-dialog.selectors.ts";
import { selectView } from "../../machines/auth/auth.selectors.ts";
import { selectSingleSignOnFailure, selectSingleSignOnStatus } from "../../machines/auth/single-sign-on.selectors.ts";
import type {
  AuthEvent,
  AuthInput,
  AuthNotification,
  ExchangeCodeInput,
  HabileType,
  KeptSingleSignOn,
  RegisterInput,
  RequestResetInput,
  SignedIn,
  SignInInput,
  SignInOutput,
  SingleSignOnStart,
  VerifyCodeInput,
} from "../../machines/auth/auth.types.ts";
import { describePath, flowPaths, type FlowPath } from "../../machines/shared/flow-model.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

function startAuth(input: AuthInput = {}) {
  const signIn = createFakePromiseActor<SignInOutput, SignInInput>();
  const verifyCode = createFakePromiseActor<SignInOutput, VerifyCodeInput>();
  const register = createFakePromiseActor<SignInOutput, RegisterInput>();
  const requestReset = createFakePromiseActor<unknown, RequestResetInput>();
  const startSingleSignOn = createFakePromiseActor<SingleSignOnStart, { habileType: HabileType }>();
  const exchangeCode = createFakePromiseActor<SignInOutput, ExchangeCodeInput>();
  const effects = {
    stored: [] as string[],
    deleted: 0,
    announced: [] as SignedIn[],
    reloaded: 0,
    notified: [] as AuthNotification[],
    kept: [] as KeptSingleSignOn[],
    forgotten: 0,
    visited: [] as string[],
  };
  const machine = authMachine.provide({
    actors: {
      signIn: signIn.logic,
      verifyCode: verifyCode.logic,
      register: register.logic,
      requestReset: requestReset.logic,
      startSingleSignOn: startSingleSignOn.logic,
      exchangeCode: exchangeCode.logic,
    },
    actions: {
      keepSingleSignOn: (_, kept) => effects.kept.push(kept),
      forgetSingleSignOn: () => {
        effects.forgotten += 1;
      },
      goToAuthorization: (_, { url }) => effects.visited.push(url),
      storeToken: (_, { token }) => effects.stored.push(token),
      deleteToken: () => {
        effects.deleted += 1;
      },
      announceSignedIn: (_, signedIn) => effects.announced.push(signedIn),
      reloadCategories: () => {
        effects.reloaded += 1;
      },
      notify: (_, notification) => effects.notified.push(notification),
    },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    signIn,
    verifyCode,
    register,
    requestReset,
    startSingleSignOn,
    exchangeCode,
    effects,
    fakes: { signIn, verifyCode, register, requestReset, startSingleSignOn, exchangeCode },
  };
}

type Dialog = ReturnType<typeof startAuth>;

/** SPEC §8: what a failure of login, register or forgot says, by flow. */
function expectedFormError(flow: "personal" | "gpnet", error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return "errors.login.unauthorized";
  if (status === 409) return "errors.login.allReadyExist";
  if (status === 404) return "errors.login.notFound";
  if (status === 502 && flow === "gpnet") return "errors.server.gpNet";
  return "errors.server.access";
}

/** Why a single sign-on failed: the contract's codes, then the statuses the shop tells apart. */
function expectedSingleSignOnFailure(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === "SSO_STATE_REJECTED") return "stateRejected";
  if (code === "SSO_CODE_REJECTED") return "codeRejected";
  if (code === "SSO_TOKEN_REJECTED") return "tokenRejected";
  const status = statusOf(error);
  if (status === 403) return "identityIncomplete";
  if (status === 409) return "accountExists";
  if (status === 429) return "tooManyRequests";
  return "unavailable";
}

/** SPEC §8: what a failed code says. */
function expectedCodeError(error: unknown): string {
  if (error === MISMATCH_TWO_LEFT || error === MISMATCH_NO_COUNT) return "errors.auth.unauthorized";
  if (error === TOO_MANY) return "errors.auth.tooMuch";
  if (error === EXPIRED) return "errors.auth.timeOut";
  return "errors.server.access";
}

function isSignInOutput(value: unknown): value is SignInOutput {
  return typeof value === "object" && value !== null && "token" in value && "twoFactorRequired" in value && "customer" in value;
}

function actorNameOf(type: string): keyof Dialog["fakes"] {
  const name = type.replace(/^xstate\.(done|error)\.actor\./u, "");
  if (name === "signIn" || name === "verifyCode" || name === "register" || name === "requestReset" || name === "startSingleSignOn" || name === "exchangeCode") return name;
  throw new Error(`unknown actor ${name}`);
}

async function walk(path: FlowPath<AuthSnapshot, AuthEvent>) {
  const dialog = startAuth();

  const check = (expected: AuthSnapshot) => {
    const actual = dialog.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
    expect(isSubmitting(actual)).toBe(/submitting|redirecting|leaving|exchanging/u.test(JSON.stringify(actual.value)));
  };

  await walkPath(path, {
    initial: check,
    step: async ({ event, expected, previous }) => {
      const callsBefore = Object.fromEntries(Object.entries(dialog.fakes).map(([name, fake]) => [name, fake.calls.length]));
      const flow = previous.context.flow;
      if (isFlowEvent<AuthEvent>(event, "auth.")) {
        dialog.actor.send(event);
      } else if (isDoneEvent(event)) {
        const name = actorNameOf(event.type);
        if (name === "requestReset") dialog.requestReset.latest().resolve(event.output);
        else if (name === "startSingleSignOn") dialog.startSingleSignOn.latest().resolve(AUTHORIZATION);
        else if (isSignInOutput(event.output)) dialog.fakes[name].latest().resolve(event.output);
        else throw new Error(`${name} answers a SignInOutput`);
        await settle();
      } else if (isErrorEvent(event)) {
        dialog.fakes[actorNameOf(event.type)].latest().reject(event.error);
        await settle();
      }
      check(expected);
      const after = dialog.actor.getSnapshot();

      // Each submission calls its endpoint once, with the flow's payload.
      const called = Object.entries(dialog.fakes).filter(([name, fake]) => fake.calls.length > (callsBefore[name] ?? 0));
      const submits: Record<string, keyof Dialog["fakes"]> = {
        "auth.submitLogin": "signIn",
        "auth.submitCode": "verifyCode",
        "auth.submitRegister": "register",
        "auth.submitForgot": "requestReset",
        "auth.startSingleSignOn": "startSingleSignOn",
      };
      // A return is exchanged only with the state this tab kept.
      const returnedWithKeptState = event.type === "auth.returnFromSingleSignOn" && event.state === event.expectedState;
      const expectedCall = returnedWithKeptState ? "exchangeCode" : submits[event.type];
      expect(called.map(([name]) => name)).toEqual(expectedCall ? [expectedCall] : []);
      if (event.type === "auth.startSingleSignOn") expect(dialog.startSingleSignOn.latest().input).toEqual({ habileType: event.habileType });
      if (returnedWithKeptState) {
        expect(dialog.exchangeCode.latest().input).toEqual({ code: SAMPLE_AUTHORIZATION_CODE, state: SAMPLE_STATE, habileType: event.habileType });
      }

      // The start keeps the state for the tab and sends the browser to the provider; a success forgets it.
      const kept = dialog.effects.kept.splice(0);
      const visited = dialog.effects.visited.splice(0);
      const forgotten = dialog.effects.forgotten;
      dialog.effects.forgotten = 0;
      const leaving = isDoneEvent(event) && event.type.endsWith(".startSingleSignOn");
      expect(kept).toEqual(leaving ? [{ state: SAMPLE_STATE, ...previous.context.singleSignOn }] : []);
      expect(visited).toEqual(leaving ? [AUTHORIZATION.authorizationUrl] : []);
      if (leaving) expect(selectSingleSignOnStatus(after)).toBe("leaving");
      const exchanged = isDoneEvent(event) && event.output !== NO_SESSION && event.type.endsWith(".exchangeCode");
      expect(forgotten).toBe(exchanged ? 1 : 0);
      if (event.type === "auth.startSingleSignOn") {
        expect(selectSingleSignOnStatus(after)).toBe("redirecting");
        expect(after.context.singleSignOn).toEqual({ habileType: event.habileType, returnTo: event.returnTo });
        // From the login modal the tab shows it; from a page or a guard the modal stays shut.
        expect(selectView(after)).toBe(previous.matches("open") ? "singleSignOn" : "closed");
      }
      if (event.type === "auth.submitLogin") {
        expect(dialog.signIn.latest().input).toEqual({
          flow,
          email: SAMPLE_EMAIL,
          password: SAMPLE_PASSWORD,
          recaptchaData: SAMPLE_CAPTCHA,
          gpnetId: flow === "gpnet" ? SAMPLE_STAFF_NUMBER : null,
        });
      }
      if (event.type === "auth.submitCode") {
        expect(dialog.verifyCode.latest().input).toEqual({
          flow,
          email: SAMPLE_EMAIL,
          password: SAMPLE_PASSWORD,
          gpnetId: flow === "gpnet" ? SAMPLE_STAFF_NUMBER : null,
          oneTimePassword: SAMPLE_CODE,
        });
      }
      if (event.type === "auth.submitRegister") expect(dialog.register.latest().input.gpnetId).toBe(flow === "gpnet" ? SAMPLE_STAFF_NUMBER : null);
      if (event.type === "auth.submitForgot") expect(dialog.requestReset.latest().input).toEqual({ flow, email: SAMPLE_EMAIL, recaptchaData: SAMPLE_CAPTCHA });

      // A success stores the token, tells the app, reloads the tree and welcomes; a sign-in failure deletes the token.
      const stored = dialog.effects.stored.splice(0);
      const announced = dialog.effects.announced.splice(0);
      const reloaded = dialog.effects.reloaded;
      dialog.effects.reloaded = 0;
      const deleted = dialog.effects.deleted;
      dialog.effects.deleted = 0;
      const notified = dialog.effects.notified.splice(0);
      const succeeded = isDoneEvent(event) && event.output === SIGNED_IN;
      expect(stored).toEqual(succeeded ? [SAMPLE_TOKEN] : []);
      expect(announced).toEqual(succeeded ? [{ token: SAMPLE_TOKEN, customer: SAMPLE_CUSTOMER }] : []);
      expect(reloaded).toBe(succeeded ? 1 : 0);
      if (succeeded) expect(selectView(after)).toBe("welcome");
      const returnRefused = event.type === "auth.returnFromSingleSignOn" && !returnedWithKeptState;
      // A success with neither a session nor a code to ask for is a failure (the registration's deletes no token).
      const withoutSession = isDoneEvent(event) && event.output === NO_SESSION;
      const signInFailed =
        returnRefused ||
        ((isErrorEvent(event) || withoutSession) && (event.type.endsWith(".signIn") || event.type.endsWith(".verifyCode") || event.type.endsWith(".exchangeCode")));
      expect(deleted).toBe(signInFailed ? 1 : 0);

      if (returnRefused) {
        expect(selectSingleSignOnStatus(after)).toBe("failed");
        expect(selectSingleSignOnFailure(after)).toBe("stateRejected");
      }
      if (isErrorEvent(event) && (event.type.endsWith(".startSingleSignOn") || event.type.endsWith(".exchangeCode"))) {
        // The single sign-on's failures show where it runs (the tab, the page), not as notifications.
        expect(notified).toEqual([]);
        expect(selectSingleSignOnStatus(after)).toBe("failed");
        expect(selectSingleSignOnFailure(after)).toBe(expectedSingleSignOnFailure(event.error));
        if (event.type.endsWith(".exchangeCode")) expect(after.context.authorization).toBeNull();
      } else if (withoutSession && event.type.endsWith(".exchangeCode")) {
        expect(notified).toEqual([]);
        expect(selectSingleSignOnFailure(after)).toBe("unavailable");
      } else if (withoutSession) {
        expect(notified).toEqual([{ kind: "danger", messageId: "errors.server.access" }]);
        expect(selectErrorId(after)).toBe("errors.server.access");
      } else if (isErrorEvent(event)) {
        const messageId = event.type.endsWith(".verifyCode") ? expectedCodeError(event.error) : expectedFormError(flow, event.error);
        expect(notified).toEqual([{ kind: "danger", messageId }]);
        expect(selectErrorId(after)).toBe(messageId);
      } else {
        expect(notified).toEqual([]);
      }
      if (isDoneEvent(event) && event.output === CODE_REQUIRED) expect(selectView(after)).toBe("code");
      if (isDoneEvent(event) && event.type.endsWith(".requestReset")) {
        expect(selectView(after)).toBe("resetSent");
        expect(selectEmail(after)).toBe(SAMPLE_EMAIL);
      }
      if (event.type === "auth.close") {
        expect(selectView(after)).toBe("closed");
        expect(after.context).toMatchObject({ email: "", password: "", errorId: null, attemptsLeft: null, reloaded: false });
      }
    },
  });
}

describe("sign-in dialog: generated paths", () => {
  const generated = flowPaths(authModel);

  it("reach every view of both tabs", () => {
    const reached = new Set(generated.flatMap((path) => path.steps.map((step) => `${selectView(step.state)}/${selectTab(step.state)}`)));
    for (const view of ["login", "code", "register", "forgot"]) {
      expect(reached).toContain(`${view}/personal`);
      expect(reached).toContain(`${view}/employee`);
    }
    expect(reached).toContain("welcome/personal");
    expect(reached).toContain("welcome/employee");
    expect(reached).toContain("resetSent/employee");
    expect(reached).toContain("closed/personal");
  });

  for (const path of generated) it(`path: ${describePath(authModel, path)}`, () => walk(path));
});

async function toCodeView(dialog: Dialog, tab: "personal" | "employee" = "personal") {
  dialog.actor.send({ type: "auth.open" });
  dialog.actor.send({ type: "auth.selectTab", tab });
  if (tab === "employee") dialog.actor.send({ type: "auth.showLogin" });
  dialog.actor.send({ type: "auth.submitLogin", email: ` ${SAMPLE_EMAIL} `, password: SAMPLE_PASSWORD, recaptchaData: SAMPLE_CAPTCHA, gpnetId: SAMPLE_STAFF_NUMBER });
  dialog.signIn.latest().resolve(CODE_REQUIRED);
  await settle();
  expect(selectView(dialog.actor.getSnapshot())).toBe("code");
}

async function answerCode(dialog: Dialog, error: unknown) {
  dialog.actor.send({ type: "auth.submitCode", oneTimePassword: SAMPLE_CODE });
  dialog.verifyCode.latest().reject(error);
  await settle();
  return dialog.actor.getSnapshot();
}

describe("sign-in dialog: rules", () => {
  it("opens on the personal login, or on the GPNet account creation for the employee tab", () => {
    const dialog = startAuth();
    expect(selectView(dialog.actor.getSnapshot())).toBe("closed");
    dialog.actor.send({ type: "auth.open" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("login");
    expect(selectTab(dialog.actor.getSnapshot())).toBe("personal");
    dialog.actor.send({ type: "auth.selectTab", tab: "employee" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("register");
    expect(selectTab(dialog.actor.getSnapshot())).toBe("employee");
  });

  it("keeps the code view with the attempts left after a wrong code, counting down from 3", async () => {
    const dialog = startAuth();
    await toCodeView(dialog);
    expect(dialog.signIn.latest().input.email).toBe(SAMPLE_EMAIL);
    expect(selectAttemptsLeft(dialog.actor.getSnapshot())).toBe(3);
    let snapshot = await answerCode(dialog, MISMATCH_TWO_LEFT);
    expect(selectView(snapshot)).toBe("code");
    expect(selectAttemptsLeft(snapshot)).toBe(2);
    expect(selectErrorId(snapshot)).toBe("errors.auth.unauthorized");
    snapshot = await answerCode(dialog, { ...MISMATCH_TWO_LEFT, message: "The provided one time password doesn't match|1" });
    expect(selectAttemptsLeft(snapshot)).toBe(1);
    expect(dialog.effects.deleted).toBe(2);
  });

  it("goes back to login on a wrong code without a count, too many attempts, or an expired code", async () => {
    for (const [error, messageId] of [
      [MISMATCH_NO_COUNT, "errors.auth.unauthorized"],
      [{ ...MISMATCH_TWO_LEFT, message: "The provided one time password doesn't match|0" }, "errors.auth.unauthorized"],
      [TOO_MANY, "errors.auth.tooMuch"],
      [EXPIRED, "errors.auth.timeOut"],
      [BAD_CREDENTIALS, "errors.login.unauthorized"],
    ] as const) {
      const dialog = startAuth();
      await toCodeView(dialog);
      const snapshot = await answerCode(dialog, error);
      expect(selectView(snapshot)).toBe("login");
      expect(selectErrorId(snapshot)).toBe(messageId);
      expect(selectAttemptsLeft(snapshot)).toBeNull();
      expect(snapshot.context.password).toBe("");
      expect(dialog.effects.notified.at(-1)).toEqual({ kind: "danger", messageId });
    }
  });

  it("stays on the code view for a server failure (500 → errors.server.access, 404 → errors.notfound)", async () => {
    for (const [error, messageId] of [
      [SERVER_ERROR, "errors.server.access"],
      [{ status: 404, message: "Not Found" }, "errors.notfound"],
    ] as const) {
      const dialog = startAuth();
      await toCodeView(dialog);
      const snapshot = await answerCode(dialog, error);
      expect(selectView(snapshot)).toBe("code");
      expect(selectErrorId(snapshot)).toBe(messageId);
      expect(selectAttemptsLeft(snapshot)).toBe(3);
    }
  });

  it("goes back from the code view to login without a count", async () => {
    const dialog = startAuth();
    await toCodeView(dialog);
    dialog.actor.send({ type: "auth.showLogin" });
    const snapshot = dialog.actor.getSnapshot();
    expect(selectView(snapshot)).toBe("login");
    expect(selectAttemptsLeft(snapshot)).toBeNull();
    expect(snapshot.context.attemptsLeft).toBeNull();
  });

  it("completes a GPNet sign-in with the staff number on both steps", async () => {
    const dialog = startAuth();
    await toCodeView(dialog, "employee");
    expect(dialog.signIn.latest().input).toMatchObject({ flow: "gpnet", gpnetId: SAMPLE_STAFF_NUMBER });
    dialog.actor.send({ type: "auth.submitCode", oneTimePassword: SAMPLE_CODE });
    expect(dialog.verifyCode.latest().input).toMatchObject({ flow: "gpnet", gpnetId: SAMPLE_STAFF_NUMBER, oneTimePassword: SAMPLE_CODE });
    dialog.verifyCode.latest().resolve(SIGNED_IN);
    await settle();
    expect(selectView(dialog.actor.getSnapshot())).toBe("welcome");
    expect(dialog.effects.stored).toEqual([SAMPLE_TOKEN]);
  });

  it("says errors.server.gpNet when the staff directory is unreachable, errors.server.access on the personal tab", async () => {
    for (const [tab, messageId] of [
      ["employee", "errors.server.gpNet"],
      ["personal", "errors.server.access"],
    ] as const) {
      const dialog = startAuth();
      dialog.actor.send({ type: "auth.open" });
      dialog.actor.send({ type: "auth.selectTab", tab });
      dialog.actor.send({ type: "auth.showLogin" });
      dialog.actor.send({ type: "auth.submitLogin", email: SAMPLE_EMAIL, password: SAMPLE_PASSWORD, recaptchaData: SAMPLE_CAPTCHA, gpnetId: SAMPLE_STAFF_NUMBER });
      dialog.signIn.latest().reject(DIRECTORY_DOWN);
      await settle();
      expect(selectErrorId(dialog.actor.getSnapshot())).toBe(messageId);
    }
  });

  it.each([
    [{ status: 409, code: "EMAIL_ALREADY_EXISTS", message: "Conflict" }, "errors.login.allReadyExist"],
    [{ status: 404, code: "GPNET_ID_UNKNOWN", message: "Unknown" }, "errors.login.notFound"],
    [{ status: 401, message: "Unauthorized" }, "errors.login.unauthorized"],
    [{ status: 500, message: "Internal" }, "errors.server.access"],
    [{ status: 429, code: "TOO_MANY_REQUESTS", message: "Slow down" }, "auth.error.tooManyRequests"],
    [{ status: 400, code: "CAPTCHA_INVALID", message: "Captcha" }, "auth.error.captcha"],
  ])("shows a registration failure %j as %s on the form and as a danger notification", async (error, messageId) => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    dialog.actor.send({ type: "auth.selectTab", tab: "employee" });
    dialog.actor.send({
      type: "auth.submitRegister",
      registration: {
        email: SAMPLE_EMAIL,
        firstName: "Ann",
        lastName: "Martin",
        password: SAMPLE_PASSWORD,
        twoFactorAuthenticationEnabled: true,
        newsLetterSubscribed: false,
        recaptchaData: SAMPLE_CAPTCHA,
        gpnetId: ` ${SAMPLE_STAFF_NUMBER} `,
      },
    });
    expect(dialog.register.latest().input).toMatchObject({ flow: "gpnet", gpnetId: SAMPLE_STAFF_NUMBER, twoFactorAuthenticationEnabled: true });
    dialog.register.latest().reject(error);
    await settle();
    expect(selectView(dialog.actor.getSnapshot())).toBe("register");
    expect(selectErrorId(dialog.actor.getSnapshot())).toBe(messageId);
    expect(dialog.effects.notified).toEqual([{ kind: "danger", messageId }]);
    expect(dialog.effects.deleted).toBe(0);
  });

  it("turns a forgotten password into the reset view with the address", async () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    dialog.actor.send({ type: "auth.showForgot" });
    dialog.actor.send({ type: "auth.submitForgot", email: ` ${SAMPLE_EMAIL}`, recaptchaData: SAMPLE_CAPTCHA });
    expect(dialog.requestReset.latest().input).toEqual({ flow: "personal", email: SAMPLE_EMAIL, recaptchaData: SAMPLE_CAPTCHA });
    dialog.requestReset.latest().resolve(undefined);
    await settle();
    expect(selectView(dialog.actor.getSnapshot())).toBe("resetSent");
    expect(selectEmail(dialog.actor.getSnapshot())).toBe(SAMPLE_EMAIL);
  });

  it("opens flagged as reloaded, and closing resets to the login view", async () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open", reloaded: true });
    expect(isReloaded(dialog.actor.getSnapshot())).toBe(true);
    dialog.actor.send({ type: "auth.showRegister" });
    dialog.actor.send({ type: "auth.close" });
    expect(isReloaded(dialog.actor.getSnapshot())).toBe(false);
    dialog.actor.send({ type: "auth.open" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("login");
  });

  it("treats an answer without token nor code request as a failure", async () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    dialog.actor.send({ type: "auth.submitLogin", email: SAMPLE_EMAIL, password: SAMPLE_PASSWORD, recaptchaData: SAMPLE_CAPTCHA });
    dialog.signIn.latest().resolve({ token: null, twoFactorRequired: false, customer: null });
    await settle();
    expect(selectView(dialog.actor.getSnapshot())).toBe("login");
    expect(selectErrorId(dialog.actor.getSnapshot())).toBe("errors.server.access");
    expect(dialog.effects.deleted).toBe(1);
    expect(dialog.effects.stored).toEqual([]);
  });

  it("ignores submissions while one is in flight", () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    const submit = { type: "auth.submitLogin", email: SAMPLE_EMAIL, password: SAMPLE_PASSWORD, recaptchaData: SAMPLE_CAPTCHA } as const;
    dialog.actor.send(submit);
    dialog.actor.send(submit);
    expect(dialog.signIn.calls).toHaveLength(1);
    expect(isSubmitting(dialog.actor.getSnapshot())).toBe(true);
    expect(dialog.signIn.latest().input.gpnetId).toBeNull();
  });
});

describe("sign-in dialog: single sign-on", () => {
  const returnEvent = { type: "auth.returnFromSingleSignOn", code: SAMPLE_AUTHORIZATION_CODE, state: SAMPLE_STATE, habileType: "EMPOWERMENT" } as const;

  it("starts from the employee tab, keeps the state for the tab and leaves; the modal shows it meanwhile", async () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    dialog.actor.send({ type: "auth.selectTab", tab: "employee" });
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO });
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO });
    expect(dialog.startSingleSignOn.calls).toHaveLength(1);
    expect(selectView(dialog.actor.getSnapshot())).toBe("singleSignOn");
    expect(selectTab(dialog.actor.getSnapshot())).toBe("employee");
    expect(isSubmitting(dialog.actor.getSnapshot())).toBe(true);
    dialog.startSingleSignOn.latest().resolve(AUTHORIZATION);
    await settle();
    expect(dialog.effects.kept).toEqual([{ state: SAMPLE_STATE, habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO }]);
    expect(dialog.effects.visited).toEqual([AUTHORIZATION.authorizationUrl]);
    expect(selectSingleSignOnStatus(dialog.actor.getSnapshot())).toBe("leaving");
    // Nor while the browser leaves for the provider's page.
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO });
    await settle();
    expect(dialog.startSingleSignOn.calls).toHaveLength(1);
    expect(dialog.effects.visited).toEqual([AUTHORIZATION.authorizationUrl]);
    expect(selectSingleSignOnStatus(dialog.actor.getSnapshot())).toBe("leaving");
  });

  it("shows a failed start in the tab, tries again, and goes back to the GPNet forms", async () => {
    const dialog = startAuth();
    dialog.actor.send({ type: "auth.open" });
    dialog.actor.send({ type: "auth.selectTab", tab: "employee" });
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO });
    dialog.startSingleSignOn.latest().reject({ status: 429, message: "Slow down" });
    await settle();
    expect(selectView(dialog.actor.getSnapshot())).toBe("singleSignOn");
    expect(selectSingleSignOnFailure(dialog.actor.getSnapshot())).toBe("tooManyRequests");
    expect(dialog.effects.deleted).toBe(0);
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "BRAND_EMPLOYEE", returnTo: SAMPLE_RETURN_TO });
    expect(dialog.startSingleSignOn.calls).toHaveLength(2);
    dialog.startSingleSignOn.latest().reject(PROVIDER_DOWN);
    await settle();
    dialog.actor.send({ type: "auth.showRegister" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("register");
    expect(dialog.actor.getSnapshot().context).toMatchObject({ singleSignOn: null, singleSignOnFailure: null });
  });

  it("refuses a return without a kept state, or with another one, without calling the server", () => {
    for (const expectedState of [null, "another-state"]) {
      const dialog = startAuth();
      dialog.actor.send({ ...returnEvent, expectedState });
      expect(dialog.exchangeCode.calls).toHaveLength(0);
      expect(selectSingleSignOnFailure(dialog.actor.getSnapshot())).toBe("stateRejected");
      expect(dialog.effects.deleted).toBe(1);
    }
  });

  it("signs the shopper in with the code: token, session, categories, then the welcome modal", async () => {
    const dialog = startAuth();
    dialog.actor.send({ ...returnEvent, expectedState: SAMPLE_STATE });
    expect(selectSingleSignOnStatus(dialog.actor.getSnapshot())).toBe("exchanging");
    dialog.exchangeCode.latest().resolve(SIGNED_IN);
    await settle();
    expect(selectSingleSignOnStatus(dialog.actor.getSnapshot())).toBe("signedIn");
    expect(selectView(dialog.actor.getSnapshot())).toBe("welcome");
    expect(dialog.effects).toMatchObject({ stored: [SAMPLE_TOKEN], reloaded: 1, forgotten: 1, deleted: 0 });
    expect(dialog.effects.announced).toEqual([{ token: SAMPLE_TOKEN, customer: SAMPLE_CUSTOMER }]);
  });

  it("treats an exchange answered without a token as a failure", async () => {
    const dialog = startAuth();
    dialog.actor.send({ ...returnEvent, expectedState: SAMPLE_STATE });
    dialog.exchangeCode.latest().resolve({ token: null, twoFactorRequired: false, customer: null });
    await settle();
    expect(selectSingleSignOnFailure(dialog.actor.getSnapshot())).toBe("unavailable");
    expect(dialog.effects).toMatchObject({ stored: [], deleted: 1, forgotten: 0 });
  });

  it("lets a page start again after a failure, and the header open the login modal", async () => {
    const dialog = startAuth();
    dialog.actor.send({ ...returnEvent, expectedState: null });
    dialog.actor.send({ type: "auth.startSingleSignOn", habileType: "EMPOWERMENT", returnTo: SAMPLE_HOME });
    expect(dialog.startSingleSignOn.latest().input).toEqual({ habileType: "EMPOWERMENT" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("closed");
    dialog.startSingleSignOn.latest().reject(PROVIDER_DOWN);
    await settle();
    dialog.actor.send({ type: "auth.open" });
    expect(selectView(dialog.actor.getSnapshot())).toBe("login");
    expect(selectErrorId(dialog.actor.getSnapshot())).toBeNull();
  });
});
