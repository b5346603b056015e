import account from "../locales/zh-HK/account.json";
import admin from "../locales/zh-HK/admin.json";
import billing from "../locales/zh-HK/billing.json";
import common from "../locales/zh-HK/common.json";
import developers from "../locales/zh-HK/developers.json";
import editor from "../locales/zh-HK/editor.json";
import errors from "@verbatim/contract/error-texts/zh-HK.json";
import legal from "../locales/zh-HK/legal.json";
import marketing from "../locales/zh-HK/marketing.json";
import workspace from "../locales/zh-HK/workspace.json";

/** Every visible string in Traditional Chinese (Hong Kong): one file per area of the app, the same keys in each language. */
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
