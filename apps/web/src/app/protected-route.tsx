import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useMe } from "../api/queries";
import { useSession } from "../auth/session";
import { toast } from "../components/ui/toast-store";
import { paths } from "./paths";

/** Signed-in pages: visitors go to /login with a toast saying why, and come back after. */
export function RequireSession() {
  const { token } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    if (!token)
      toast({ title: t("auth.required.title"), description: t("auth.required.description") });
  }, [token, t]);
  if (!token)
    return (
      <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
    );
  return <Outlet />;
}

/** /admin: the designated admins only; others get 'Access Denied' and go home. */
export function RequireAdmin() {
  const { data: user, isPending } = useMe();
  const { t } = useTranslation();
  const denied = !isPending && !user?.isAdmin;
  useEffect(() => {
    if (denied) {
      toast({
        title: t("admin.denied.title"),
        description: t("admin.denied.description"),
        variant: "destructive",
      });
    }
  }, [denied, t]);
  if (isPending) return <p className="p-10 text-center text-zinc-600">{t("common.loading")}</p>;
  if (denied) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
