// The employee programme's budget page (SPEC §2 /configure-empowerment, §7 empowerment/setup): an
// administrator sets the budget of a month (the current one or one of the next eleven) for each crew
// member covered, with the file of their staff numbers if it changes; below, what is set for the
// coming months, with who is covered. The route's guard lets only a {product} employee in.
import { useLingui } from "@lingui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useStore, type AnyFieldApi } from "@tanstack/react-form";
import { useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { isSetupRefusal, sendEmpowermentSetup, type SetupRequest } from "../../api/empowerment-setup.ts";
import { empowermentSetupsQuery, refreshEmpowermentSetups, type EmpowermentSetup } from "../../api/queries/empowerment-setups.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { formatPrice } from "../../i18n/format.ts";
import type { Lang } from "../../i18n/i18n.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { FormField } from "../../ui/form-field.tsx";
import { firstErrorId, useFieldBinding, useShopForm } from "../../ui/shop-form.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { monthOptions, periodOf, SetupFormSchema, STAFF_FILE_ACCEPT, STAFF_FILE_MAX_BYTES, staffFileErrorId, type SetupFormState } from "./setup-schema.ts";
import "./empowerment.css";

type SetupField = keyof SetupFormState;

/** A field the server refused: the message id and its values. */
interface Refusal {
  id: string;
  values?: Record<string, string>;
}

/** The contract's field names, as the form's. */
const FIELD_OF: Record<string, SetupField> = { monthlyBudgetAmount: "amount", month: "period", year: "period", pncList: "pncList" };
const BAD_LINE = /^line (\d+): (.*)$/u;
/** The server's (English) words on the file's problems the form says in the shopper's language. */
const NOT_A_STAFF_NUMBER = /^(".*") is not an 8-character staff number$/u;
const TOO_MANY_LINES = /^more than ([\d,]+) lines$/u;
const NO_STAFF_NUMBER = "lists no staff number";

/** The file's problem as the server named it, in the shopper's language where it is a known one. */
function fileRefusalOf(message: string): Refusal {
  const [, line, detail] = BAD_LINE.exec(message) ?? [];
  if (line !== undefined && detail !== undefined) {
    const value = NOT_A_STAFF_NUMBER.exec(detail)?.[1];
    if (value !== undefined) return { id: "empowerment.setup.file.notStaffNumber", values: { line, value: JSON.parse(value) as string } };
    return { id: "empowerment.setup.file.badLine", values: { line, detail } };
  }
  const max = TOO_MANY_LINES.exec(message)?.[1];
  if (max !== undefined) return { id: "empowerment.setup.file.tooManyLines", values: { max: max.replaceAll(",", "") } };
  if (message === NO_STAFF_NUMBER) return { id: "empowerment.setup.file.noStaffNumber" };
  return { id: "empowerment.setup.file.refused", values: { detail: message } };
}

/** The server's words on a field, as the form says them (the file's names its first bad line). */
function refusalOf(field: SetupField, message: string): Refusal {
  if (field === "pncList") return fileRefusalOf(message);
  if (field === "period") return { id: "empowerment.setup.month.refused" };
  return { id: "empowerment.setup.amount.refused", values: { detail: message } };
}

const monthFormats = new Map<Lang, Intl.DateTimeFormat>();

/** "mars 2026" / "March 2026". */
export function formatMonth({ year, month }: { year: number; month: number }, lang: Lang): string {
  let format = monthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
    monthFormats.set(lang, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, 1)));
}

export function ConfigureEmpowermentPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  useSeo({ title: `${_("empowerment.setup.title")} – ${config.brandName}` });
  return (
    <article className="info-page container empowerment-setup">
      <header className="info-page__header">
        <h1>{_("empowerment.setup.title")}</h1>
        <p className="info-page__lead">{_("empowerment.setup.intro")}</p>
      </header>
      <SetupForm />
      <SetupList />
    </article>
  );
}

function SetupForm() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, queryClient } = useShopContext();
  const months = useMemo(() => monthOptions(new Date()), []);
  const [refused, setRefused] = useState<Partial<Record<SetupField, Refusal>>>({});
  const [fileInputKey, setFileInputKey] = useState(0);
  const savedMessage = useRef<HTMLParagraphElement>(null);
  const mutation = useMutation({
    mutationFn: (request: SetupRequest) => sendEmpowermentSetup(api, request),
    onSuccess: () => refreshEmpowermentSetups(queryClient),
  });
  const defaultValues: SetupFormState = { period: months[0]?.value ?? "", amount: "", pncList: null };
  const { form, submit, pending, focusField } = useShopForm({
    defaultValues,
    schema: SetupFormSchema,
    busy: mutation.isPending,
    onSubmit: async ({ output, values }) => {
      setRefused({});
      try {
        await mutation.mutateAsync({ monthlyBudgetAmount: output.amount, month: output.period.month, year: output.period.year, pncList: values.pncList });
        setFileInputKey((key) => key + 1);
        form.setFieldValue("pncList", null);
      } catch (error) {
        if (!isSetupRefusal(error)) return;
        const found: Partial<Record<SetupField, Refusal>> = {};
        for (const [name, message] of Object.entries(error.fields)) {
          const field = FIELD_OF[name];
          if (field && !found[field]) found[field] = refusalOf(field, message);
        }
        setRefused(found);
        const first = (["period", "amount", "pncList"] as const).find((field) => found[field]);
        if (first) focusField(first);
      }
    },
  });

  useEffect(() => {
    if (mutation.isSuccess) savedMessage.current?.focus();
  }, [mutation.isSuccess]);

  const clearRefusal = (field: SetupField) => setRefused((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const refusalText = (field: SetupField) => {
    const refusal = refused[field];
    return refusal ? _(refusal.id, refusal.values) : undefined;
  };
  const fieldsRefused = Object.values(refused).some(Boolean);

  return (
    <section className="empowerment-setup__form-section" aria-labelledby="empowerment-setup-form">
      <h2 id="empowerment-setup-form">{_("empowerment.setup.formTitle")}</h2>
      <form className="empowerment-setup__form" onSubmit={submit} noValidate>
        <form.Field name="period">
          {(field) => (
            <TextField field={field} label={_("empowerment.setup.month.label")} refused={refusalText("period")} onEdit={() => clearRefusal("period")} required>
              {(props) => (
                <select {...props}>
                  {months.map((option) => (
                    <option key={option.value} value={option.value}>
                      {formatMonth(option, lang)}
                    </option>
                  ))}
                </select>
              )}
            </TextField>
          )}
        </form.Field>
        <form.Field name="amount">
          {(field) => (
            <TextField
              field={field}
              label={_("empowerment.setup.amount.label")}
              hint={_("empowerment.setup.amount.hint")}
              refused={refusalText("amount")}
              onEdit={() => clearRefusal("amount")}
              required
            >
              {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" />}
            </TextField>
          )}
        </form.Field>
        <form.Field name="pncList" validators={{ onDynamic: ({ value }) => staffFileErrorId(value) }}>
          {(field) => (
            <FileField
              key={fileInputKey}
              field={field}
              label={_("empowerment.setup.file.label")}
              hint={_("empowerment.setup.file.hint", { max: Math.round(STAFF_FILE_MAX_BYTES / 1024) })}
              refused={refusalText("pncList")}
              onEdit={() => clearRefusal("pncList")}
            />
          )}
        </form.Field>
        {mutation.isError && !fieldsRefused && (
          <p className="empowerment-setup__error" role="alert">
            {_("errors.server.access")}
          </p>
        )}
        <button type="submit" className="button" disabled={pending}>
          {pending ? _("empowerment.setup.saving") : _("empowerment.setup.submit")}
        </button>
      </form>
      <div role="status" className="empowerment-setup__saved">
        {mutation.isSuccess && (
          <p ref={savedMessage} tabIndex={-1}>
            {_("empowerment.setup.saved", {
              month: formatMonth(mutation.data, lang),
              amount: formatPrice(mutation.data.monthlyBudgetAmount, lang),
              count: mutation.data.beneficiaryCount,
            })}
          </p>
        )}
      </div>
    </section>
  );
}

interface ControlProps {
  id: string;
  className: string;
  required: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

interface TextFieldProps {
  field: AnyFieldApi;
  label: string;
  hint?: string;
  required?: boolean;
  /** What the server said of the field, shown until it is edited. */
  refused: string | undefined;
  onEdit: () => void;
  children: (props: ControlProps) => ReactNode;
}

/** A text control or select of the form, its error (the schema's, or the server's) tied to it. */
function TextField({ field, label, hint, required = false, refused, onEdit, children }: TextFieldProps) {
  const { _ } = useLingui();
  const { errorId, control } = useFieldBinding(field);
  const error = refused ?? (errorId ? _(errorId) : undefined);
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(props) =>
        children({
          ...props,
          ...control,
          onChange: (event) => {
            onEdit();
            control.onChange(event);
          },
        })
      }
    </FormField>
  );
}

/** The staff numbers' file: checked as soon as it is chosen (size, kind), its error tied to it. */
function FileField({ field, label, hint, refused, onEdit }: Omit<TextFieldProps, "children" | "required">) {
  const { _ } = useLingui();
  const attempted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const chosen = field.state.value !== null;
  // A file's problem is shown once it is chosen: there is no typing to wait for.
  const errorId = chosen || attempted ? firstErrorId(field.state.meta.errors) : undefined;
  const error = refused ?? (errorId ? _(errorId) : undefined);
  return (
    <FormField label={label} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          name={field.name}
          type="file"
          accept={STAFF_FILE_ACCEPT}
          onChange={(event) => {
            onEdit();
            field.handleChange(event.target.files?.[0] ?? null);
          }}
          onBlur={() => field.handleBlur()}
        />
      )}
    </FormField>
  );
}

function SetupList() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const setups = useQuery(empowermentSetupsQuery(api));
  let body: ReactNode;
  if (setups.isPending) {
    body = (
      <p role="status" aria-busy="true">
        {_("checkout.loading")}
      </p>
    );
  } else if (setups.isError) {
    body = (
      <p role="alert">
        {_("errors.server.access")}{" "}
        <button type="button" className="button button--ghost" onClick={() => void setups.refetch()}>
          {_("checkout.unavailable.retry")}
        </button>
      </p>
    );
  } else if (setups.data.setups.length === 0) {
    body = <p>{_("empowerment.setups.none")}</p>;
  } else {
    body = (
      <table className="empowerment-setups" aria-busy={setups.isFetching || undefined}>
        <caption className="visually-hidden">{_("empowerment.setups.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{_("empowerment.setups.month")}</th>
            <th scope="col">{_("empowerment.setups.amount")}</th>
            <th scope="col">{_("empowerment.setups.count")}</th>
            <th scope="col">{_("empowerment.setups.beneficiaries")}</th>
          </tr>
        </thead>
        <tbody>
          {setups.data.setups.map((setup) => (
            <SetupRow key={periodOf(setup)} setup={setup} lang={lang} />
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section className="empowerment-setup__list" aria-labelledby="empowerment-setups-title">
      <h2 id="empowerment-setups-title">{_("empowerment.setups.title")}</h2>
      {body}
    </section>
  );
}

function SetupRow({ setup, lang }: { setup: EmpowermentSetup; lang: Lang }) {
  const { _ } = useLingui();
  const month = formatMonth(setup, lang);
  return (
    <tr>
      <th scope="row">{month}</th>
      {/* Each cell's header, shown before it where the rows are stacked (narrow screens). */}
      <td data-label={_("empowerment.setups.amount")}>{formatPrice(setup.monthlyBudgetAmount, lang)}</td>
      <td data-label={_("empowerment.setups.count")}>{setup.beneficiaryCount}</td>
      <td>
        {setup.beneficiaries.length === 0 ? (
          _("empowerment.setups.nobody")
        ) : (
          <details className="empowerment-setups__who">
            <summary>{_("empowerment.setups.show", { count: setup.beneficiaryCount, month })}</summary>
            <ul className="empowerment-setups__numbers">
              {setup.beneficiaries.map((staffNumber) => (
                <li key={staffNumber}>{staffNumber}</li>
              ))}
            </ul>
          </details>
        )}
      </td>
    </tr>
  );
}
