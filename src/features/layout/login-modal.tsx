// The sign-in dialog and its two tabs (personal account, airline employee). The forms come with
// the accounts work; until then each tab says so plainly.
import { useLingui } from "@lingui/react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Modal } from "../../ui/modal.tsx";

type LoginTab = "personal" | "employee";
const TABS: readonly LoginTab[] = ["personal", "employee"];
const TAB_LABELS: Record<LoginTab, string> = { personal: "layout.login.tab.personal", employee: "layout.login.tab.employee" };
const TAB_PENDING: Record<LoginTab, string> = { personal: "layout.login.personal.pending", employee: "layout.login.employee.pending" };

export function LoginModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={_("layout.login.title")} closeLabel={_("layout.dialog.close")}>
      <LoginTabs />
    </Modal>
  );
}

function LoginTabs() {
  const { _ } = useLingui();
  const baseId = useId();
  const [selected, setSelected] = useState<LoginTab>("personal");
  const tabRefs = useRef(new Map<LoginTab, HTMLButtonElement>());

  // Tabs pattern: arrows move (and select) between tabs, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(selected);
    const next =
      event.key === "ArrowRight" ? TABS[(index + 1) % TABS.length]
      : event.key === "ArrowLeft" ? TABS[(index - 1 + TABS.length) % TABS.length]
      : event.key === "Home" ? TABS[0]
      : event.key === "End" ? TABS[TABS.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="login-tabs">
      <div role="tablist" aria-label={_("layout.login.title")} className="login-tabs__list" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab}`}
            aria-selected={selected === tab}
            aria-controls={`${baseId}-panel-${tab}`}
            tabIndex={selected === tab ? 0 : -1}
            className="login-tabs__tab"
            onClick={() => setSelected(tab)}
          >
            {_(TAB_LABELS[tab])}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${baseId}-panel-${tab}`}
          aria-labelledby={`${baseId}-tab-${tab}`}
          hidden={selected !== tab}
          tabIndex={0}
          className="login-tabs__panel"
        >
          <p>{_(TAB_PENDING[tab])}</p>
        </div>
      ))}
    </div>
  );
}
