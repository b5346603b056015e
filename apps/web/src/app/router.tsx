import { createBrowserRouter, type RouteObject } from "react-router";
import { withAppTexts } from "../i18n";
import { Layout } from "./layout/layout";
import { RequireAdmin, RequireSession } from "./protected-route";
import { paths, routePatterns } from "./paths";

// Pages load on demand, so a visitor's first page does not carry the editor or the admin. The
// prerendered public pages use only the public texts (the prerendering fails otherwise).
const publicPage = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

// The pages no visitor sees first also need the app's texts (the public ones come first).
const appPage = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, "lazy"> => publicPage(() => withAppTexts(load()));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, ...publicPage(() => import("../pages/home-page")) },
      { path: paths.login, ...appPage(() => import("../pages/login-page")) },
      { path: paths.register, ...appPage(() => import("../pages/register-page")) },
      { path: paths.forgotPassword, ...appPage(() => import("../pages/forgot-password-page")) },
      { path: paths.resetPassword, ...appPage(() => import("../pages/reset-password-page")) },
      { path: paths.confirmEmail, ...appPage(() => import("../pages/confirm-email-page")) },
      { path: paths.product, ...publicPage(() => import("../pages/product-page")) },
      { path: paths.features, ...publicPage(() => import("../pages/features-page")) },
      { path: paths.pricing, ...publicPage(() => import("../pages/pricing-page")) },
      { path: paths.faq, ...publicPage(() => import("../pages/faq-page")) },
      { path: paths.about, ...publicPage(() => import("../pages/about-page")) },
      { path: paths.contact, ...publicPage(() => import("../pages/contact-page")) },
      { path: paths.privacy, ...publicPage(() => import("../pages/privacy-policy-page")) },
      { path: paths.terms, ...publicPage(() => import("../pages/terms-of-service-page")) },
      { path: paths.cookies, ...publicPage(() => import("../pages/cookie-policy-page")) },
      { path: paths.developers, ...appPage(() => import("../pages/developers-page")) },
      { path: routePatterns.shared, ...appPage(() => import("../pages/shared-page")) },
      { path: routePatterns.liveWatch, ...appPage(() => import("../pages/live-watch-page")) },
      { path: paths.paymentSuccess, ...appPage(() => import("../pages/payment-success-page")) },
      {
        element: <RequireSession />,
        children: [
          { path: routePatterns.checkout, ...appPage(() => import("../pages/checkout-page")) },
          {
            path: routePatterns.minutesCheckout,
            ...appPage(() => import("../pages/minutes-checkout-page")),
          },
          { path: paths.downgrade, ...appPage(() => import("../pages/downgrade-page")) },
          { path: paths.account, ...appPage(() => import("../pages/account-page")) },
          { path: paths.history, ...appPage(() => import("../pages/history-page")) },
          { path: paths.teams, ...appPage(() => import("../pages/teams-page")) },
          { path: paths.batch, ...appPage(() => import("../pages/batch-page")) },
          { path: paths.live, ...appPage(() => import("../pages/live-page")) },
          { path: paths.support, ...appPage(() => import("../pages/support-page")) },
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.admin, ...appPage(() => import("../pages/admin-page")) },
              {
                path: paths.adminSupport,
                ...appPage(() => import("../pages/admin-support-page")),
              },
            ],
          },
        ],
      },
      { path: "*", ...publicPage(() => import("../pages/not-found-page")) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
