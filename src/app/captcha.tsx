// The captcha of a form (SPEC §4 "the captcha check runs first"): the self-hosted ALTCHA
// proof-of-work widget by default (loaded only where a form shows it; nothing leaves the shop, so no
// consent is needed), or Google reCAPTCHA when the shop is configured so (loaded only once the
// visitor allowed the captcha category of cookies). A form asks `check()` when it is submitted; an
// answer serves once, so every submission gets a fresh one.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from "react";
import type { AltchaWidgetElement } from "altcha";
import { useConsent } from "./use-consent.ts";
import { useShopContext } from "./shop-context.ts";
import { useLang } from "../i18n/use-lang.ts";
import { apiLocaleOf, type Lang } from "../i18n/i18n.ts";
import { pagePath } from "../../common/pages.ts";
import type { CaptchaCheck } from "../ui/shop-form.ts";

/** Why no answer could be had: the form shows it as its error. */
class CaptchaUnavailable extends Error {
  constructor(readonly messageId: "auth.captcha.failed" | "auth.captcha.consent") {
    super(messageId);
  }
}

interface CaptchaSolver {
  answer: () => Promise<string>;
}

export interface Captcha {
  /** The widget, to place in the form. */
  widget: ReactNode;
  /** A fresh answer, or the message id of why there is none. */
  check: CaptchaCheck;
}

export function useCaptcha(): Captcha {
  const { config } = useShopContext();
  const solver = useRef<CaptchaSolver | null>(null);
  const answer = useCallback(async () => {
    if (!solver.current) throw new CaptchaUnavailable(config.captcha.provider === "recaptcha" ? "auth.captcha.consent" : "auth.captcha.failed");
    return solver.current.answer();
  }, [config.captcha.provider]);
  const check = useCallback<CaptchaCheck>(async () => {
    try {
      return { answer: await answer() };
    } catch (error) {
      return { errorId: error instanceof CaptchaUnavailable ? error.messageId : "auth.captcha.failed" };
    }
  }, [answer]);
  const widget =
    config.captcha.provider === "recaptcha" && config.captcha.siteKey ? (
      <RecaptchaWidget siteKey={config.captcha.siteKey} solver={solver} />
    ) : (
      <AltchaWidget challengeUrl={config.captcha.challengeUrl} solver={solver} />
    );
  return { widget, check };
}

function AltchaWidget({ challengeUrl, solver }: { challengeUrl: string | null; solver: RefObject<CaptchaSolver | null> }) {
  const host = useRef<HTMLDivElement>(null);
  const lang = useLang();
  const { config } = useShopContext();
  useEffect(() => {
    let cancelled = false;
    let widget: AltchaWidgetElement | undefined;
    const url = new URL(challengeUrl ?? "/api/v1/captcha/challenge", window.location.origin);
    url.searchParams.set("locale", apiLocaleOf(lang));
    // The challenge is an API call: it carries the storefront token like every other one.
    const authorised: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Authorization: `Bearer ${config.storefrontToken}` } });
    const ready = Promise.all([import("altcha"), loadAltchaLanguage(lang)]).then(async () => {
      if (cancelled || !host.current) return undefined;
      const created = document.createElement("altcha-widget");
      // The element's methods exist once it is mounted, which it says with a `load` event.
      const mounted = new Promise<void>((resolve) => created.addEventListener("load", () => resolve(), { once: true }));
      host.current.append(created);
      widget = created;
      await mounted;
      await created.configure({ challenge: url.toString(), fetch: authorised, language: lang, hideFooter: true });
      return created;
    });
    // A form submitted before the widget is ready waits for it.
    solver.current = {
      answer: async () => {
        const mountedWidget = await ready.catch(() => undefined);
        const result = await mountedWidget?.verify();
        if (!result?.payload) throw new CaptchaUnavailable("auth.captcha.failed");
        return result.payload;
      },
    };
    return () => {
      cancelled = true;
      solver.current = null;
      widget?.remove();
    };
  }, [challengeUrl, lang, config.storefrontToken, solver]);
  return <div className="captcha" ref={host} />;
}

function loadAltchaLanguage(lang: Lang): Promise<unknown> {
  // English is the widget's own language.
  return lang === "fr" ? import("altcha/i18n/fr-fr") : Promise.resolve();
}

interface Grecaptcha {
  ready: (callback: () => void) => void;
  render: (element: HTMLElement, options: { sitekey: string; size: "invisible"; callback: (token: string) => void; "error-callback": () => void }) => number;
  execute: (widgetId: number) => void;
  reset: (widgetId: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaScript: Promise<Grecaptcha> | undefined;

function loadRecaptcha(lang: Lang): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${lang}`;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error("reCAPTCHA missing"))));
    script.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error("reCAPTCHA could not be loaded"));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

function RecaptchaWidget({ siteKey, solver }: { siteKey: string; solver: RefObject<CaptchaSolver | null> }) {
  const { _ } = useLingui();
  const lang = useLang();
  const allowed = useConsent("captcha");
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!allowed) return;
    let cancelled = false;
    let pending: { resolve: (token: string) => void; reject: (error: unknown) => void } | undefined;
    void loadRecaptcha(lang).then(
      (grecaptcha) => {
        if (cancelled || !host.current) return;
        const id = grecaptcha.render(host.current, {
          sitekey: siteKey,
          size: "invisible",
          callback: (token) => pending?.resolve(token),
          "error-callback": () => pending?.reject(new CaptchaUnavailable("auth.captcha.failed")),
        });
        solver.current = {
          answer: () =>
            new Promise<string>((resolve, reject) => {
              pending = { resolve, reject };
              grecaptcha.reset(id);
              grecaptcha.execute(id);
            }),
        };
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      solver.current = null;
    };
  }, [allowed, lang, siteKey, solver]);
  if (!allowed) {
    return (
      <p className="captcha captcha--consent">
        {_("auth.captcha.consent")} <Link to={pagePath("cookies", lang)}>{_("auth.captcha.consentLink")}</Link>
      </p>
    );
  }
  return <div className="captcha" ref={host} />;
}
