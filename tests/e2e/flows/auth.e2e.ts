// The sign-in dialog's generated paths, walked in the browser (binding: auth.binding.ts): sign-in,
// registration, forgotten password, the e-mailed code, the GPNet tab and the employees' single sign-on.
import { authModel } from "../../../machines/auth/auth.model.ts";
import { authBinding } from "./auth.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("sign-in dialog: browser paths", authModel, authBinding);
