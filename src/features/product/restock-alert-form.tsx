// The back-in-stock alert of an out-of-stock offer (SPEC §4, §5, §8), driven by the stock-alert
// machine: the address is prefilled from the customer's profile, checked, then registered; the
// outcome is a notification, and after a success the form gives way to a confirmation. The
// machine (and the state machine library) loads when the form is approached: only an
// out-of-stock product shows the form, and the page does not wait for it.
import { useLingui } from "@lingui/react";
import { useForm } from "@tanstack/react-form";
import { useEffect, useId, useRef, type FormEvent } from "react";
import { isSubmitted, isSubmitting, selectEmail, selectErrorId } from "../../../machines/stock-alert/stock-alert.selectors.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
import { useLazyActor } from "../../app/use-lazy-actor.ts";
import { reportLoadFailure } from "../../ui/chunk-load.ts";
import { useNotify, useNotifyLoadFailure } from "../../app/notifications.tsx";
import { useShopContext } from "../../app/shop-context.ts";
import { inspection } from "../../app/flow-inspection.ts";

interface RestockAlertFormProps {
  offerId: number;
  /** The signed-in customer's address, to prefill the field. */
  customerEmail?: string;
}

export function RestockAlertForm({ offerId, customerEmail }: RestockAlertFormProps) {
  const { _ } = useLingui();
  const id = useId();
  const { api } = useShopContext();
  const notify = useNotify();
  const notifyLoadFailure = useNotifyLoadFailure();
  const actor = useLazyActor(async () => {
    const [{ createActor }, { createStockAlertMachine }] = await Promise.all([import("xstate"), import("../../actors/stock-alert-actors.ts")]);
    return createActor(createStockAlertMachine(api, { notify }), { input: { offerId, email: customerEmail }, ...inspection() }).start();
  });
  const prepare = () => void actor?.load().catch(reportLoadFailure);
  const errorId = useLazySelector(actor, selectErrorId, null);
  const submitting = useLazySelector(actor, isSubmitting, false);
  const submitted = useLazySelector(actor, isSubmitted, false);
  const registeredEmail = useLazySelector(actor, selectEmail, customerEmail ?? "");
  const form = useForm({
    defaultValues: { email: customerEmail ?? "" },
    onSubmit: ({ value }) => void actor?.load().then((started) => started.send({ type: "stockAlert.submit", email: value.email }), notifyLoadFailure),
  });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (errorId) input.current?.focus();
  }, [errorId]);

  if (submitted) {
    return (
      <p className="restock-alert restock-alert--done" role="status">
        {_("product.stockAlert.registered", { email: registeredEmail })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <form className="restock-alert" onSubmit={submit} onFocus={prepare} onPointerEnter={prepare} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="restock-alert__title" id={`${id}-title`}>
        {_("product.stockAlert.title")}
      </h2>
      <p className="restock-alert__intro" id={`${id}-intro`}>
        {_("product.stockAlert.intro")}
      </p>
      <label className="field__label" htmlFor={`${id}-email`}>
        {_("product.stockAlert.email")}
      </label>
      <div className="restock-alert__row">
        <form.Field name="email">
          {(field) => (
            <input
              ref={input}
              id={`${id}-email`}
              className="field__input"
              type="email"
              name={field.name}
              autoComplete="email"
              inputMode="email"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId ? `${id}-intro ${id}-error` : `${id}-intro`}
            />
          )}
        </form.Field>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? _("product.stockAlert.sending") : _("product.stockAlert.submit")}
        </button>
      </div>
      {errorId && (
        <p className="field__error" id={`${id}-error`}>
          {_(errorId)}
        </p>
      )}
    </form>
  );
}
