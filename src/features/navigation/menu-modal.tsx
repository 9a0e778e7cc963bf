// The phone menu: the category tree as a drill-down list in a side dialog, one level at a time,
// with a way back up and a link to every category's own page.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { CategoryNode } from "../../api/queries/catalog.ts";
import { useSession } from "../../app/session.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { Modal } from "../../ui/modal.tsx";
import { categoryParams, pagePath } from "../../../common/pages.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { useCategoryTree } from "./use-category-tree.ts";
import "./navigation.css";

export function MenuModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={_("navigation.menu")} closeLabel={_("layout.dialog.close")} variant="side">
      <DrillDown onNavigate={onClose} />
    </Modal>
  );
}

function DrillDown({ onNavigate }: { onNavigate: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { categories, isPending, isError } = useCategoryTree(true);
  const session = useSession();
  const [trail, setTrail] = useState<CategoryNode[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const current = trail[trail.length - 1];
  const parent = trail[trail.length - 2];
  const list = current ? current.children : categories;

  // After moving down or up a level, the new level's heading takes the focus so it is announced.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [trail]);

  const go = (next: CategoryNode[]) => {
    moved.current = true;
    setTrail(next);
  };

  return (
    <div className="drill">
      {current && (
        <button type="button" className="drill__back" onClick={() => go(trail.slice(0, -1))}>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {parent ? _("navigation.backTo", { category: parent.label }) : _("navigation.allCategories")}
        </button>
      )}
      <h3 ref={headingRef} tabIndex={-1} className="drill__heading">
        {current ? current.label : _("navigation.allCategories")}
      </h3>
      {isPending && <p className="drill__note">{_("common.loading")}</p>}
      {isError && <p className="drill__note">{_("errors.server.access")}</p>}
      <ul className="drill__list">
        {current && (
          <li>
            <Link to={pagePath("category", lang)} params={categoryParams(current.path)} className="drill__item drill__item--all" onClick={onNavigate}>
              {_("navigation.seeAll", { category: current.label })}
            </Link>
          </li>
        )}
        {list.map((node) => (
          <li key={node.id}>
            {node.children.length > 0 ? (
              <button type="button" className={`drill__item${node.isEvent ? " drill__item--event" : ""}`} onClick={() => go([...trail, node])}>
                <span>{node.label}</span>
                <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            ) : (
              <Link to={pagePath("category", lang)} params={categoryParams(node.path)} className="drill__item" onClick={onNavigate}>
                {node.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className="drill__footer">
        <LanguageSwitcher className="language-switcher language-switcher--menu" onNavigate={onNavigate} />
        {session.status === "signedIn" && (
          <button
            type="button"
            className="drill__item drill__sign-out"
            onClick={() => {
              session.signOut();
              onNavigate();
            }}
          >
            {_("layout.signOut")}
          </button>
        )}
      </div>
    </div>
  );
}
