// Where the money pot of Empowerment customers shows; its code and texts load for them only.
import { useContext } from "react";
import { LazyPart, lazyPart } from "../app/lazy-part.tsx";
import { SessionContext } from "../app/session.ts";
import { withTexts } from "../i18n/i18n.ts";

const MoneyPotBar = lazyPart(() => withTexts(import("./money-pot-bar.tsx"), "customer").then((module) => module.MoneyPotBar));

export function MoneyPotSlot() {
  if (useContext(SessionContext)?.customer?.customerGroup !== "EMPOWERMENT") return null;
  return (
    <LazyPart>
      <MoneyPotBar />
    </LazyPart>
  );
}
