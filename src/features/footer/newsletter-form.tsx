// The footer's newsletter signup, driven by the newsletter machine: the form holds the address, the
// machine the terms box; the button stays disabled until the box is ticked; the machine checks the
// address before sending; the answer is shown under the form (success replaces it).
import { useLingui } from "@lingui/react";
import { useForm } from "@tanstack/react-form";
import { useEffect, useId, useRef, type FormEvent } from "react";
import type { SnapshotFrom } from "xstate";
import type { newsletterMachine } from "../../../machines/newsletter/newsletter.machine.ts";
import { areTermsAccepted, canSubmit, isError, isSubmitting, selectMessageId } from "../../../machines/newsletter/newsletter.selectors.ts";
import type { NewsletterEvent } from "../../../machines/newsletter/newsletter.types.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
import { useLazyActor } from "../../app/use-lazy-actor.ts";
import { reportLoadFailure } from "../../ui/chunk-load.ts";
import { useNotifyLoadFailure } from "../../app/notifications.tsx";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pageHref } from "../../../common/pages.ts";
import { inspection } from "../../app/flow-inspection.ts";

type NewsletterSnapshot = SnapshotFrom<typeof newsletterMachine>;
const selectSubscribed = (snapshot: NewsletterSnapshot) => snapshot.matches("subscribed");

export function NewsletterForm() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const notifyLoadFailure = useNotifyLoadFailure();
  const id = useId();
  // The machine loads when the form is first approached (it sits at the foot of the page).
  const newsletter = useLazyActor(async () => {
    const [{ createActor }, { createNewsletterMachine }] = await Promise.all([import("xstate"), import("../../actors/newsletter-actors.ts")]);
    return createActor(createNewsletterMachine(api), inspection()).start();
  });
  const prepare = () => void newsletter?.load().catch(reportLoadFailure);
  const send = (event: NewsletterEvent) => void newsletter?.load().then((started) => started.send(event), notifyLoadFailure);
  const messageId = useLazySelector(newsletter, selectMessageId, null);
  const error = useLazySelector(newsletter, isError, false);
  const termsAccepted = useLazySelector(newsletter, areTermsAccepted, false);
  const submittable = useLazySelector(newsletter, canSubmit, false);
  const submitting = useLazySelector(newsletter, isSubmitting, false);
  const subscribed = useLazySelector(newsletter, selectSubscribed, false);
  const invalidEmail = messageId === "newsLetter.invalidEmail";
  const messageRef = useRef<HTMLParagraphElement>(null);
  const form = useForm({
    defaultValues: { email: "" },
    onSubmit: ({ value }) => send({ type: "newsletter.submit", email: value.email }),
  });

  // The form gives way to the success message: the focus follows, not to be lost.
  useEffect(() => {
    if (subscribed) messageRef.current?.focus();
  }, [subscribed]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <section className="newsletter site-footer__column" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="site-footer__heading">
        {_("footer.newsletter.title")}
      </h2>
      {!subscribed && (
        <form className="newsletter__form" noValidate onSubmit={submit} onFocus={prepare} onPointerEnter={prepare}>
          <p className="newsletter__intro">{_("footer.newsletter.intro")}</p>
          <label htmlFor={`${id}-email`} className="newsletter__label">
            {_("footer.newsletter.email")}
          </label>
          <form.Field name="email">
            {(field) => (
              <input
                id={`${id}-email`}
                name={field.name}
                type="email"
                autoComplete="email"
                inputMode="email"
                className="newsletter__input"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                aria-invalid={invalidEmail || undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            )}
          </form.Field>
          <div className="newsletter__terms">
            <input id={`${id}-terms`} type="checkbox" checked={termsAccepted} onChange={() => send({ type: "newsletter.toggleTerms" })} />
            <label htmlFor={`${id}-terms`}>{_("footer.newsletter.terms")}</label>
          </div>
          <p className="newsletter__policy">
            <a href={pageHref("privacy", lang)} target="_blank" rel="noopener">
              {_("footer.newsletter.policy")}
              <span className="visually-hidden"> {_("layout.newWindow")}</span>
            </a>
          </p>
          <button type="submit" className="button button--light" disabled={!submittable} aria-busy={submitting || undefined}>
            {submitting ? _("footer.newsletter.submitting") : _("footer.newsletter.submit")}
          </button>
        </form>
      )}
      <p id={`${id}-error`} role="alert" className="newsletter__message newsletter__message--error">
        {error && messageId ? _(messageId) : ""}
      </p>
      <p ref={messageRef} role="status" tabIndex={-1} className="newsletter__message">
        {!error && messageId ? _(messageId) : ""}
      </p>
    </section>
  );
}
