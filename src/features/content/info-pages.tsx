// The information pages, their content from our API: legal notice, terms of sale (whose
// `#retractation` section the returns pages link to), FAQ, delivery, exchanges and returns, the data
// protection policy, and the blog.
import { useLingui } from "@lingui/react";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useEffect, useId, type ReactNode } from "react";
import {
  blogQuery,
  contentPageQuery,
  faqQuery,
  type BlogPage as BlogContent,
  type ContentPage,
  type ContentPageId,
  type FaqPage as FaqContent,
} from "../../api/queries/content.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import type { Lang } from "../../../common/languages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { ContentHtml } from "./content-html.tsx";
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
  return <ApiContentPage page="privacy" />;
}

export function FaqPage() {
  const lang = useLang();
  const { api } = useShopContext();
  const query = useQuery(faqQuery(api, lang));
  useSeo(query.data?.seo);
  return <Loaded query={query}>{(faq) => <FaqView faq={faq} />}</Loaded>;
}

export function BlogPage() {
  const lang = useLang();
  const { api } = useShopContext();
  const query = useQuery(blogQuery(api, lang));
  useSeo(query.data?.seo);
  useScrollToHash(query.data !== undefined);
  return <Loaded query={query}>{(blog) => <BlogView blog={blog} lang={lang} />}</Loaded>;
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

/** A titled page of parts (sections, articles), with a table of contents from TABLE_OF_CONTENTS_MIN_SECTIONS parts. */
function InfoPageFrame({
  title,
  intro,
  parts,
  children,
}: {
  title: string;
  intro: string;
  parts: readonly { anchor: string; title: string }[];
  children: ReactNode;
}) {
  const { _ } = useLingui();
  const tocId = useId();
  const withToc = parts.length >= TABLE_OF_CONTENTS_MIN_SECTIONS;
  return (
    <article className="info-page container">
      <header className="info-page__header">
        <h1>{title}</h1>
        {intro && <ContentHtml html={intro} className="rich-text info-page__lead" />}
      </header>
      <div className={withToc ? "info-page__body info-page__body--toc" : "info-page__body"}>
        {withToc && (
          <nav className="info-page__toc" aria-labelledby={tocId}>
            <h2 id={tocId} className="info-page__toc-title">
              {_("content.toc")}
            </h2>
            <ol>
              {parts.map((part) => (
                <li key={part.anchor}>
                  <a href={`#${part.anchor}`}>{part.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="info-page__sections">{children}</div>
      </div>
    </article>
  );
}

function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <InfoPageFrame title={page.title} intro={page.intro} parts={page.sections}>
      {page.sections.map((section) => (
        <section key={section.anchor} id={section.anchor} className="info-page__section" aria-labelledby={`${section.anchor}-title`} tabIndex={-1}>
          <h2 id={`${section.anchor}-title`}>{section.title}</h2>
          <ContentHtml html={section.html} />
        </section>
      ))}
    </InfoPageFrame>
  );
}

/** An article's date, e.g. "10 novembre 2026" or "10 November 2026" (a calendar date: no time zone shift). */
function publicationDate(isoDate: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

function BlogView({ blog, lang }: { blog: BlogContent; lang: Lang }) {
  return (
    <InfoPageFrame title={blog.title} intro={blog.intro} parts={blog.articles}>
      {blog.articles.map((article) => (
        <article key={article.anchor} id={article.anchor} className="info-page__section" aria-labelledby={`${article.anchor}-title`} tabIndex={-1}>
          <h2 id={`${article.anchor}-title`}>{article.title}</h2>
          <p className="blog__date">
            <time dateTime={article.publishedOn}>{publicationDate(article.publishedOn, lang)}</time>
          </p>
          <p className="info-page__lead blog__summary">{article.summary}</p>
          <ContentHtml html={article.html} />
        </article>
      ))}
    </InfoPageFrame>
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
