// The phone search: the same search box in a full-screen dialog, focused on open and closed once
// it has navigated.
import { useLingui } from "@lingui/react";
import { Modal } from "../../ui/modal.tsx";
import { SearchBar } from "./search-bar.tsx";

export function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={_("searchBar.open")} closeLabel={_("layout.dialog.close")} variant="sheet">
      <SearchBar variant="dialog" onNavigate={onClose} />
    </Modal>
  );
}
