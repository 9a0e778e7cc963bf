// A small form on the shared form glue, for its tests: a name (the dialogs' TextField) and an
// e-mail (the account pages' BoundFormField), the captcha given by the test.
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import * as v from "valibot";
import { BoundFormField } from "../../../src/ui/form-field.tsx";
import { useShopForm, type CaptchaCheck, type Submission } from "../../../src/ui/shop-form.ts";
import { TextField } from "../../../src/ui/text-field.tsx";

export const TEXTS = {
  "fixture.name": "Name",
  "fixture.email": "E-mail",
  "fixture.name.required": "Give a name",
  "fixture.email.required": "Give an e-mail",
  "fixture.email.error": "Not an e-mail",
  "fixture.captcha.failed": "The captcha failed",
  "form.optional": "optional",
} as const;

const i18n = setupI18n({ locale: "en", messages: { en: Object.fromEntries(Object.entries(TEXTS).map(([id, text]) => [id, [text]])) } });

const FixtureSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty("fixture.name.required")),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty("fixture.email.required"), v.email("fixture.email.error")),
});

type FixtureValues = { name: string; email: string };
export type FixtureSubmission = Submission<FixtureValues, v.InferOutput<typeof FixtureSchema>>;

export interface FixtureProps {
  captcha?: CaptchaCheck;
  busy?: boolean;
  onSubmit: (submission: FixtureSubmission) => void | Promise<void>;
}

function FixtureForm({ captcha, busy, onSubmit }: FixtureProps) {
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: { name: "", email: "" },
    schema: FixtureSchema,
    captcha,
    busy,
    onSubmit,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="fixture">
      <form.Field name="name">{(field) => <TextField field={field} label={i18n._("fixture.name")} />}</form.Field>
      <form.Field name="email">
        {(field) => (
          <BoundFormField field={field} label={i18n._("fixture.email")} required>
            {(props) => <input {...props} type="email" />}
          </BoundFormField>
        )}
      </form.Field>
      {captchaErrorId && <p role="alert">{i18n._(captchaErrorId)}</p>}
      <button type="submit" disabled={pending}>
        Send
      </button>
    </form>
  );
}

export function Fixture(props: FixtureProps) {
  return (
    <I18nProvider i18n={i18n}>
      <FixtureForm {...props} />
    </I18nProvider>
  );
}
