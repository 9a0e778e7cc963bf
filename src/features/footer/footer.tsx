// The site footer: reassurance banner, newsletter signup, information pages, and the brand's social
// links when the shop has any (SOCIAL_LINKS).
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { type PageId, pagePath } from "../../../common/pages.ts";
import { NewsletterForm } from "./newsletter-form.tsx";
import { Reassurance } from "./reassurance.tsx";
import { SOCIAL_NETWORK_DISPLAY } from "./social-links.ts";
import "./footer.css";

/** The information pages, in the order the footer lists them, with their link text. */
const INFORMATION_PAGES: readonly { page: PageId; label: string }[] = [
  { page: "contact", label: "footer.link.contact" },
  { page: "faq", label: "footer.link.faq" },
  { page: "delivery", label: "footer.link.delivery" },
  { page: "exchangeReturn", label: "footer.link.exchangeReturn" },
  { page: "blog", label: "footer.link.blog" },
  { page: "legalMentions", label: "footer.link.legalMentions" },
  { page: "termsOfSale", label: "footer.link.termsOfSale" },
  { page: "privacy", label: "footer.link.privacy" },
  { page: "cookies", label: "footer.link.cookies" },
];

export function Footer() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  return (
    <footer className="site-footer">
      <Reassurance />
      <div className="site-footer__main">
        <div className="site-footer__grid container">
          <NewsletterForm />
          <nav className="site-footer__column" aria-labelledby="footer-information">
            <h2 id="footer-information" className="site-footer__heading">
              {_("footer.information")}
            </h2>
            <ul className="site-footer__links">
              {INFORMATION_PAGES.map(({ page, label }) => (
                <li key={page}>
                  <Link to={pagePath(page, lang)}>{_(label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {config.socialLinks.length > 0 && (
            <section className="site-footer__column" aria-labelledby="footer-social">
              <h2 id="footer-social" className="site-footer__heading">
                {_("footer.followUs")}
              </h2>
              <ul className="social-links">
                {config.socialLinks.map(({ network, url }) => {
                  const { label, icon } = SOCIAL_NETWORK_DISPLAY[network];
                  return (
                    <li key={network}>
                      <a href={url} className="social-links__link" rel="noopener noreferrer" target="_blank">
                        <svg viewBox={icon.viewBox} width="24" height="24" aria-hidden="true" focusable="false">
                          <path d={icon.path} fill="currentColor" fillRule="evenodd" />
                        </svg>
                        <span>{label}</span>
                        <span className="visually-hidden"> {_("layout.newWindow")}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            <span aria-hidden="true">*</span> {_("footer.freeReturnNote")}{" "}
            <Link to={pagePath("exchangeReturn", lang)}>{_("footer.freeReturnLink")}</Link>
          </p>
          <p>{_("footer.copyright", { year: new Date().getFullYear(), brand: config.brandName })}</p>
        </div>
      </div>
    </footer>
  );
}
