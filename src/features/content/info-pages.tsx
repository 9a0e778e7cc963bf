// The information pages: legal notice, terms of sale (whose `#retractation` section the returns
// pages link to), FAQ, delivery, exchanges and returns (content from our API), the data protection
// policy (written here) and the blog's waiting page.
import { useLingui } from "@lingui/react";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useEffect, useId, type ReactNode } from "react";
import { contentPageQuery, faqQuery, type ContentPage, type ContentPageId, type FaqPage as FaqContent } from "../../api/queries/content.ts";
import { AppLink } from "../../app/app-link.tsx";
import { useLang, useShopContext } from "../../app/shop-context.ts";
import { pageHref, type PageId } from "../../routes/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { ContentHtml } from "./content-html.tsx";
import { privacyPolicy } from "./privacy-content.ts";
import "./content.css";

/** From this many sections a page opens with its table of contents. */
const TABLE_OF_CONTENTS_MIN_SECTIONS = 3;

export function LegalMentionsPage() {
  return <ApiContentPage page="legalMentions" />;
}

export function TermsOfSalePage() {
  return <ApiContentPage page="termsOfUse" />;
}

export function DeliveryPage() {
  return <ApiContentPage page="delivery" />;
}

export function ExchangeReturnPage() {
  return <ApiContentPage page="exchangeReturn" />;
}

export function PrivacyPage() {
  const lang = useLang();
  const { config } = useShopContext();
  const policy = privacyPolicy(lang, config.brandName);
  useSeo(policy.seo);
  useScrollToHash(true);
  return <ContentPageView page={policy} />;
}

export function FaqPage() {
  const lang = useLang();
  const { api } = useShopContext();
  const query = useQuery(faqQuery(api, lang));
  useSeo(query.data?.seo);
  return <Loaded query={query}>{(faq) => <FaqView faq={faq} />}</Loaded>;
}

export function BlogPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  useSeo({ title: `${_("content.blog.seo.title")} – ${config.brandName}`, description: _("content.blog.seo.description") });
  const links: { page: PageId; label: string }[] = [
    { page: "faq", label: _("content.blog.links.faq") },
    { page: "delivery", label: _("content.blog.links.delivery") },
    { page: "exchangeReturn", label: _("content.blog.links.exchangeReturn") },
    { page: "contact", label: _("content.blog.links.contact") },
    { page: "home", label: _("content.blog.links.home") },
  ];
  return (
    <article className="info-page container">
      <header className="info-page__header">
        <h1>{_("content.blog.title")}</h1>
        <p className="info-page__lead">{_("content.blog.intro")}</p>
      </header>
      <section aria-labelledby="blog-meanwhile">
        <h2 id="blog-meanwhile">{_("content.blog.meanwhile")}</h2>
        <ul className="info-page__links">
          {links.map(({ page, label }) => (
            <li key={page}>
              <AppLink href={pageHref(page, lang)}>{label}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

function ApiContentPage({ page }: { page: ContentPageId }) {
  const lang = useLang();
  const { api } = useShopContext();
  const query = useQuery(contentPageQuery(api, lang, page));
  useSeo(query.data?.seo);
  useScrollToHash(query.data !== undefined);
  return <Loaded query={query}>{(content) => <ContentPageView page={content} />}</Loaded>;
}

/** Loading and failure states around a page's content. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { _ } = useLingui();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="info-page container info-page__status" role="alert">
        <p>{_("errors.server.access")}</p>
        <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {_("content.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="info-page container info-page__status" aria-busy="true">
      <p role="status">{_("common.loading")}</p>
    </div>
  );
}

/** Once the content is shown, brings the section named by the address's `#anchor` into view. */
function useScrollToHash(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash));
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}

function ContentPageView({ page }: { page: ContentPage }) {
  const { _ } = useLingui();
  const tocId = useId();
  const withToc = page.sections.length >= TABLE_OF_CONTENTS_MIN_SECTIONS;
  return (
    <article className="info-page container">
      <header className="info-page__header">
        <h1>{page.title}</h1>
        {page.intro && <ContentHtml html={page.intro} className="rich-text info-page__lead" />}
      </header>
      <div className={withToc ? "info-page__body info-page__body--toc" : "info-page__body"}>
        {withToc && (
          <nav className="info-page__toc" aria-labelledby={tocId}>
            <h2 id={tocId} className="info-page__toc-title">
              {_("content.toc")}
            </h2>
            <ol>
              {page.sections.map((section) => (
                <li key={section.anchor}>
                  <a href={`#${section.anchor}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="info-page__sections">
          {page.sections.map((section) => (
            <section key={section.anchor} id={section.anchor} className="info-page__section" aria-labelledby={`${section.anchor}-title`} tabIndex={-1}>
              <h2 id={`${section.anchor}-title`}>{section.title}</h2>
              <ContentHtml html={section.html} />
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

function FaqView({ faq }: { faq: FaqContent }) {
  return (
    <article className="info-page container">
      <header className="info-page__header">
        <h1>{faq.title}</h1>
      </header>
      <div className="faq">
        {faq.groups.map((group, groupIndex) => (
          <section key={group.title} className="faq__group" aria-labelledby={`faq-group-${groupIndex}`}>
            <h2 id={`faq-group-${groupIndex}`}>{group.title}</h2>
            {group.questions.map((item) => (
              <details key={item.question} className="faq__item">
                <summary className="faq__question">{item.question}</summary>
                <ContentHtml html={item.answer} className="rich-text faq__answer" />
              </details>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
