// The relay modal as the shipping step loads it: its code and the customer texts arrive when it is
// first shown (render it inside a LazyDialog, src/app/lazy-part.tsx); the map's code follows when the
// modal opens. Nothing of it is part of the start file.
import { lazyPart } from "../../../app/lazy-part.tsx";
import { withTexts } from "../../../i18n/i18n.ts";

export type { RelayChoice, RelayModalProps, RelayStartAddress } from "./relay-modal.tsx";

export const RelayModal = lazyPart(() => withTexts(import("./relay-modal.tsx"), "customer").then((module) => module.RelayModal));
