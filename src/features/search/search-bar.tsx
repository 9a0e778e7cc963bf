// The search box with autocomplete (header on desktop, search dialog on phones), driven by the
// search machine: from 3 non-space characters it suggests terms and up to 4 products after a
// short pause; Enter or the button opens the results page; Escape closes the panel. On the
// results page the box shows the page's term.
// ARIA combobox: the focus stays in the box, arrows move the active option (aria-activedescendant).
import { useLingui } from "@lingui/react";
import { useLocation, useRouter, useSearch } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { SnapshotFrom } from "xstate";
import type { searchMachine } from "../../../machines/search/search.machine.ts";
import { canSubmit, isEmptyResult, isLoading, isPanelOpen, selectSuggestions } from "../../../machines/search/search.selectors.ts";
import {
  HEADER_DEBOUNCE_MS,
  isSearchableTerm,
  PANEL_DEBOUNCE_MS,
  type ProductPreview,
  type SearchEvent,
} from "../../../machines/search/search.types.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
import { useLazyActor } from "../../app/use-lazy-actor.ts";
import { reportLoadFailure } from "../../ui/chunk-load.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { pagePath } from "../../../common/pages.ts";
import "./search-bar.css";
import { inspection } from "../../app/flow-inspection.ts";

type Option = { kind: "term"; term: string } | { kind: "product"; product: ProductPreview } | { kind: "all" };

export interface SearchBarProps {
  /** header: the panel floats under the box; dialog: the panel flows under it. */
  variant?: "header" | "dialog";
  /** Called after the bar navigated (the search dialog closes). */
  onNavigate?: () => void;
}

export function SearchBar({ variant = "header", onNavigate }: SearchBarProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const router = useRouter();
  const notify = useNotify();
  const { api } = useShopContext();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const pageTerm = useSearch({ strict: false, select: (search) => search.searchTerm });

  // The machine (and the state machine library) loads when the box is first approached; what is
  // typed before that is kept as a draft and replayed in order.
  const [draft, setDraft] = useState(pageTerm ?? "");
  const draftRef = useRef(draft);
  // The machine outlives renders: its actions read the current language and callbacks.
  const latest = useRef({ lang, onNavigate, notify });
  useEffect(() => {
    latest.current = { lang, onNavigate, notify };
  });
  const search = useLazyActor(async () => {
    const [{ createActor }, { createSearchMachine }] = await Promise.all([import("xstate"), import("../../actors/search-actors.ts")]);
    const machine = createSearchMachine(api, { navigateToSearchPage: goToSearchPage, notifyServerError });
    return createActor(machine, { input: { debounceMs: DEBOUNCE_MS[variant], term: draftRef.current }, ...inspection() }).start();
  });
  const goToSearchPage = (term: string) => {
    void router.navigate({ to: pagePath("search", latest.current.lang), search: { searchTerm: term } });
    latest.current.onNavigate?.();
  };
  const notifyServerError = () => latest.current.notify({ kind: "danger", messageId: "searchBar.serverError" });
  const send = (event: SearchEvent) => search?.send(event);
  const prepare = () => void search?.load().catch(reportLoadFailure);
  // The results page works without the machine: when its code cannot be loaded, the box still searches.
  const submit = () =>
    void search?.load().then(
      (started) => started.send({ type: "search.submit" }),
      (error: unknown) => {
        reportLoadFailure(error);
        const typed = draftRef.current.trim();
        if (isSearchableTerm(typed)) goToSearchPage(typed);
      },
    );
  const term = useLazySelector(search, selectTerm, null) ?? draft;
  const open = useLazySelector(search, isPanelOpen, false);
  const failed = useLazySelector(search, selectFailed, false);
  const loading = useLazySelector(search, isLoading, false);
  const empty = useLazySelector(search, isEmptyResult, false);
  const submittable = useLazySelector(search, canSubmit, null) ?? isSearchableTerm(term);
  // null until the machine is loaded: its NO_SUGGESTIONS stays with it, out of the header's code.
  const suggestions = useLazySelector(search, selectSuggestions, null);
  const [active, setActive] = useState(-1);

  const terms = suggestions?.terms ?? [];
  const products = suggestions?.products ?? [];
  const total = suggestions?.total ?? 0;
  const options: Option[] = [
    ...terms.map((suggested): Option => ({ kind: "term", term: suggested })),
    ...products.map((product): Option => ({ kind: "product", product })),
    ...(products.length > 0 ? [{ kind: "all" } as const] : []),
  ];
  const hasOptions = options.length > 0;
  const expanded = open && !failed && (hasOptions || empty || loading);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // A new answer (or a closed panel) resets the active option.
  useEffect(() => setActive(-1), [suggestions, open]);

  // The results page's term (a search sent, a link, back and forward) shows in the box.
  useEffect(() => {
    if (pageTerm === undefined || pageTerm === draftRef.current) return;
    draftRef.current = pageTerm;
    setDraft(pageTerm);
    if (search?.current()) search.send({ type: "search.prefill", term: pageTerm });
  }, [pageTerm, search]);

  // Leaving the page closes the panel.
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (search?.current()) search.send({ type: "search.close" });
  }, [pathname, search]);

  const activate = (option: Option) => {
    switch (option.kind) {
      case "term":
        send({ type: "search.select", term: option.term });
        break;
      case "all":
        submit();
        break;
      case "product":
        send({ type: "search.close" });
        void router.navigate({ to: pagePath("product", lang), params: { slug: option.product.slug } });
        onNavigate?.();
        break;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!expanded || !hasOptions) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current === -1 && step === -1 ? options.length - 1 : (current + step + options.length) % options.length));
    } else if (event.key === "Enter") {
      const option = options[active];
      if (expanded && option) {
        event.preventDefault();
        activate(option);
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        send({ type: "search.close" });
      } else if (term !== "") {
        event.preventDefault();
        draftRef.current = "";
        setDraft("");
        send({ type: "search.type", term: "" });
      }
    }
  };

  // The panel closes when the focus leaves the bar (its options keep the focus in the box).
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) send({ type: "search.close" });
  };

  const renderOption = (option: Option) => {
    const own = options.indexOf(option);
    const selected = own === active;
    return (
      <li
        key={option.kind === "term" ? `t-${option.term}` : option.kind === "product" ? `p-${option.product.id}` : "all"}
        id={optionId(own)}
        role="option"
        aria-selected={selected}
        className={`search-option search-option--${option.kind}${selected ? " search-option--active" : ""}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => activate(option)}
        onMouseMove={() => {
          if (!selected) setActive(own);
        }}
      >
        {option.kind === "term" && (
          <>
            <SearchGlyph />
            <span>{option.term}</span>
          </>
        )}
        {option.kind === "product" && <ProductOption product={option.product} />}
        {option.kind === "all" && _("searchBar.showAll", { count: total })}
      </li>
    );
  };

  return (
    <form
      role="search"
      className={`search-bar search-bar--${variant}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onBlur={onBlur}
      onPointerEnter={prepare}
    >
      <label htmlFor={`${baseId}-input`} className="visually-hidden">
        {_("searchBar.label")}
      </label>
      <div className="search-bar__field">
        <input
          id={`${baseId}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${baseId}-hint`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={_("searchBar.placeholder")}
          value={term}
          data-autofocus={variant === "dialog" ? "" : undefined}
          onChange={(event) => {
            draftRef.current = event.target.value;
            setDraft(event.target.value);
            send({ type: "search.type", term: event.target.value });
          }}
          onFocus={prepare}
          onKeyDown={onKeyDown}
          className="search-bar__input"
        />
        <button type="submit" className="search-bar__submit" disabled={!submittable}>
          <SearchGlyph />
          <span className="visually-hidden">{_("searchBar.submit")}</span>
        </button>
      </div>
      <p id={`${baseId}-hint`} className="visually-hidden">
        {_("searchBar.hint")}
      </p>
      <div className="search-panel" hidden={!expanded}>
        {loading && !hasOptions && <p className="search-panel__note">{_("searchBar.searching")}</p>}
        {empty && <p className="search-panel__note">{_("searchBar.noResult")}</p>}
        <ul id={listboxId} role="listbox" aria-label={_("searchBar.suggestions")} className="search-panel__list">
          {terms.length > 0 && (
            <li role="presentation" aria-hidden="true" className="search-panel__heading">
              {_("searchBar.terms")}
            </li>
          )}
          {options.filter((option) => option.kind === "term").map(renderOption)}
          {products.length > 0 && (
            <li role="presentation" aria-hidden="true" className="search-panel__heading">
              {_("searchBar.products")}
            </li>
          )}
          {options.filter((option) => option.kind !== "term").map(renderOption)}
        </ul>
      </div>
      <p role="status" className="visually-hidden">
        {expanded && !loading ? (empty ? _("searchBar.noResult") : _("searchBar.resultCount", { count: total })) : ""}
      </p>
    </form>
  );
}

/** SPEC §9: the header suggests sooner than the phone's results panel. */
const DEBOUNCE_MS = { header: HEADER_DEBOUNCE_MS, dialog: PANEL_DEBOUNCE_MS } as const;

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
const selectTerm = (snapshot: SearchSnapshot) => snapshot.context.term;
const selectFailed = (snapshot: SearchSnapshot) => snapshot.hasTag("error");

function ProductOption({ product }: { product: ProductPreview }) {
  const lang = useLang();
  const price = product.offer?.discountPrice?.taxIncluded ?? product.offer?.regularPrice.taxIncluded;
  return (
    <>
      {product.coverPicture ? (
        <img src={product.coverPicture.srcSmall} alt="" width={48} height={48} loading="lazy" decoding="async" className="search-option__image" />
      ) : (
        <span className="search-option__image" />
      )}
      <span className="search-option__name">{product.name}</span>
      {price !== undefined && <span className="search-option__price">{formatPrice(price, lang)}</span>}
    </>
  );
}

const SearchGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M20 20l-4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
