// The customer session's generated paths, walked in the browser (binding: session.binding.ts): from a
// stored token (the flow's model), and from no token or one that cannot be read (the same model from
// those inputs: the only ways to the start's other two transitions).
import { noTokenSessionModel, sessionModel, unreadableTokenSessionModel } from "../../../machines/auth/session.model.ts";
import { sessionBinding } from "./session.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("customer session: browser paths", sessionModel, sessionBinding);
runFlow("customer session, no token: browser paths", noTokenSessionModel, sessionBinding, { cover: "states" });
runFlow("customer session, unreadable token: browser paths", unreadableTokenSessionModel, sessionBinding, { cover: "states" });
