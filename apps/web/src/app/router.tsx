import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout } from "./layout/layout";
import { RequireAdmin, RequireSession } from "./protected-route";
import { paths, routePatterns } from "./paths";

// Pages load on demand, so a visitor's first page does not carry the editor or the admin.
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, ...page(() => import("../pages/home-page")) },
      { path: paths.login, ...page(() => import("../pages/login-page")) },
      { path: paths.register, ...page(() => import("../pages/register-page")) },
      { path: paths.forgotPassword, ...page(() => import("../pages/forgot-password-page")) },
      { path: paths.resetPassword, ...page(() => import("../pages/reset-password-page")) },
      { path: paths.confirmEmail, ...page(() => import("../pages/confirm-email-page")) },
      { path: paths.product, ...page(() => import("../pages/product-page")) },
      { path: paths.features, ...page(() => import("../pages/features-page")) },
      { path: paths.pricing, ...page(() => import("../pages/pricing-page")) },
      { path: paths.faq, ...page(() => import("../pages/faq-page")) },
      { path: paths.about, ...page(() => import("../pages/about-page")) },
      { path: paths.contact, ...page(() => import("../pages/contact-page")) },
      { path: paths.privacy, ...page(() => import("../pages/privacy-policy-page")) },
      { path: paths.terms, ...page(() => import("../pages/terms-of-service-page")) },
      { path: paths.cookies, ...page(() => import("../pages/cookie-policy-page")) },
      { path: paths.developers, ...page(() => import("../pages/developers-page")) },
      { path: paths.paymentSuccess, ...page(() => import("../pages/payment-success-page")) },
      {
        element: <RequireSession />,
        children: [
          { path: routePatterns.checkout, ...page(() => import("../pages/checkout-page")) },
          {
            path: routePatterns.minutesCheckout,
            ...page(() => import("../pages/minutes-checkout-page")),
          },
          { path: paths.downgrade, ...page(() => import("../pages/downgrade-page")) },
          { path: paths.account, ...page(() => import("../pages/account-page")) },
          { path: paths.history, ...page(() => import("../pages/history-page")) },
          {
            element: <RequireAdmin />,
            children: [{ path: paths.admin, ...page(() => import("../pages/admin-page")) }],
          },
        ],
      },
      { path: "*", ...page(() => import("../pages/not-found-page")) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
