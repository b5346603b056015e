import account from "../locales/en/account.json";
import admin from "../locales/en/admin.json";
import billing from "../locales/en/billing.json";
import common from "../locales/en/common.json";
import developers from "../locales/en/developers.json";
import editor from "../locales/en/editor.json";
import errors from "@verbatim/contract/error-texts/en.json";
import legal from "../locales/en/legal.json";
import marketing from "../locales/en/marketing.json";
import workspace from "../locales/en/workspace.json";

/** Every visible string in English: one file per area of the app, the same keys in each language. */
const translation = {
  ...common,
  ...marketing,
  ...legal,
  ...account,
  ...billing,
  ...admin,
  ...workspace,
  ...editor,
  ...developers,
  ...errors,
};
export default translation;
