// The category mega menu of the desktop header: one disclosure button per top category opening a
// panel with its children, grandchildren and featured products. Mouse: opens on hover (with a
// short intent delay) and on click. Keyboard: Left/Right/Home/End move between categories,
// Down enters the panel, Up/Down move inside it, Escape closes and returns to the button.
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import { landingQuery, type CategoryNode } from "../../api/queries/catalog.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { LazyPart, lazyPart } from "../../app/lazy-part.tsx";
import { categoryParams, pagePath } from "../../../common/pages.ts";
import { useCategoryTree } from "./use-category-tree.ts";
import "./navigation.css";

// The featured products show only in an open panel: their code loads with the first opening.
const FeaturedProducts = lazyPart(() => import("./featured-products.tsx").then((module) => module.FeaturedProducts));

/** Hover time before a panel opens, so that crossing the bar does not flash panels. */
const HOVER_OPEN_DELAY_MS = 120;
/** Time the pointer may spend outside the menu before its panel closes. */
const HOVER_CLOSE_DELAY_MS = 250;
/** A click this soon after a hover opened the panel confirms it instead of closing it. */
const HOVER_CLICK_GRACE_MS = 500;

const PANEL_FOCUSABLE = "a[href], button:not([disabled])";

export function MegaMenu() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const queryClient = useQueryClient();
  const { categories } = useCategoryTree(true);
  const [openId, setOpenId] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const buttonRefs = useRef(new Map<number, HTMLButtonElement>());
  const hoverOpenedAt = useRef(0);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const baseId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });

  const clearTimers = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };
  const close = () => {
    clearTimers();
    setOpenId(null);
  };

  useEffect(
    () => () => {
      window.clearTimeout(openTimer.current);
      window.clearTimeout(closeTimer.current);
    },
    [],
  );
  // A new page closes the menu.
  useEffect(() => {
    setOpenId(null);
  }, [pathname]);

  // A press anywhere outside the menu closes it.
  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpenId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openId]);

  const prefetch = (node: CategoryNode) => void queryClient.prefetchQuery(landingQuery(api, lang, node.path));

  const onButtonPointerEnter = (event: PointerEvent, node: CategoryNode) => {
    if (event.pointerType !== "mouse") return;
    prefetch(node);
    clearTimers();
    const open = () => {
      hoverOpenedAt.current = Date.now();
      setOpenId(node.id);
    };
    if (openId !== null) open();
    else openTimer.current = window.setTimeout(open, HOVER_OPEN_DELAY_MS);
  };
  const onButtonPointerLeave = () => window.clearTimeout(openTimer.current);
  const onMenuPointerEnter = () => window.clearTimeout(closeTimer.current);
  const onMenuPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(openTimer.current);
    closeTimer.current = window.setTimeout(() => setOpenId(null), HOVER_CLOSE_DELAY_MS);
  };

  const onButtonClick = (node: CategoryNode) => {
    clearTimers();
    const justHovered = Date.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    hoverOpenedAt.current = 0;
    setOpenId((current) => (current === node.id && !justHovered ? null : node.id));
  };

  const focusButton = (index: number) => {
    const node = categories[(index + categories.length) % categories.length];
    if (node) buttonRefs.current.get(node.id)?.focus();
  };
  const panelOf = (node: CategoryNode) => document.getElementById(`${baseId}-panel-${node.id}`);

  const onButtonKeyDown = (event: KeyboardEvent, node: CategoryNode, index: number) => {
    switch (event.key) {
      case "ArrowRight":
        event.preventDefault();
        focusButton(index + 1);
        break;
      case "ArrowLeft":
        event.preventDefault();
        focusButton(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusButton(0);
        break;
      case "End":
        event.preventDefault();
        focusButton(categories.length - 1);
        break;
      case "ArrowDown":
        event.preventDefault();
        prefetch(node);
        setOpenId(node.id);
        // The panel is shown on the next render; then its first link takes the focus.
        requestAnimationFrame(() => panelOf(node)?.querySelector<HTMLElement>(PANEL_FOCUSABLE)?.focus());
        break;
      case "Escape":
        if (openId !== null) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>, node: CategoryNode) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      buttonRefs.current.get(node.id)?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(PANEL_FOCUSABLE));
    const index = links.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    if (event.key === "ArrowUp" && index === 0) {
      buttonRefs.current.get(node.id)?.focus();
      return;
    }
    links[Math.min(links.length - 1, index + (event.key === "ArrowDown" ? 1 : -1))]?.focus();
  };

  // Focus leaving the menu (Tab past the last link) closes it.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpenId(null);
  };

  if (categories.length === 0) return <nav className="mega-menu mega-menu--empty" aria-label={_("navigation.categories")} />;

  return (
    <nav
      ref={navRef}
      className="mega-menu"
      aria-label={_("navigation.categories")}
      onPointerEnter={onMenuPointerEnter}
      onPointerLeave={onMenuPointerLeave}
      onBlur={onBlur}
    >
      <ul className="mega-menu__bar container">
        {categories.map((node, index) => {
          const open = openId === node.id;
          const panelId = `${baseId}-panel-${node.id}`;
          return (
            <li key={node.id} className={`mega-menu__item${node.isEvent ? " mega-menu__item--event" : ""}`}>
              <button
                ref={(element) => {
                  if (element) buttonRefs.current.set(node.id, element);
                  else buttonRefs.current.delete(node.id);
                }}
                type="button"
                className="mega-menu__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onButtonClick(node)}
                onKeyDown={(event) => onButtonKeyDown(event, node, index)}
                onPointerEnter={(event) => onButtonPointerEnter(event, node)}
                onPointerLeave={onButtonPointerLeave}
                onFocus={() => prefetch(node)}
              >
                {node.label}
                <svg className="mega-menu__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
              <div id={panelId} className="mega-panel" hidden={!open} onKeyDown={(event) => onPanelKeyDown(event, node)}>
                {open && <MegaPanel node={node} onNavigate={close} />}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A top category's panel, rendered only while open: its children, grandchildren and featured products. */
function MegaPanel({ node, onNavigate }: { node: CategoryNode; onNavigate: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <div className="mega-panel__inner container">
      <div className="mega-panel__links">
        <Link to={pagePath("category", lang)} params={categoryParams(node.path)} className="mega-panel__all" onClick={onNavigate}>
          {_("navigation.seeAll", { category: node.label })}
        </Link>
        {node.children.length > 0 && (
          <ul className="mega-panel__groups">
            {node.children.map((child) => (
              <li key={child.id}>
                <Link to={pagePath("category", lang)} params={categoryParams(child.path)} className="mega-panel__group" onClick={onNavigate}>
                  {child.label}
                </Link>
                {child.children.length > 0 && (
                  <ul className="mega-panel__leaves">
                    {child.children.map((leaf) => (
                      <li key={leaf.id}>
                        <Link to={pagePath("category", lang)} params={categoryParams(leaf.path)} onClick={onNavigate}>
                          {leaf.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <LazyPart>
        <FeaturedProducts categoryPath={node.path} onNavigate={onNavigate} />
      </LazyPart>
    </div>
  );
}
