import { useTranslation } from "react-i18next";
import { useActiveSubscription, useMe } from "../api/queries";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { toast } from "../components/ui/toast-store";
import { AccountSettingsCard } from "../features/account/account-settings-card";
import { ActionCards } from "../features/account/action-cards";
import { DeleteAccountCard } from "../features/account/delete-account-card";
import { ApiKeysCard } from "../features/api-keys";
import { MinutesCard } from "../features/account/minutes-card";
import { ProfileCard } from "../features/account/profile-card";
import { SubscriptionCard } from "../features/account/subscription-card";
import { useAccountRefresh } from "../features/account/use-account-refresh";
import { VoicesCard } from "../features/voices/voices-card";
import { WebhooksCard } from "../features/webhooks/webhooks-card";

/** /account: profile, minutes, plan, shortcuts, admin tools, API keys, webhooks, voices, account deletion. */
export default function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  const subscription = useActiveSubscription();
  const { refresh, refreshing } = useAccountRefresh();
  const user = me.data;

  const refreshButton = (
    <Button
      variant="outline"
      disabled={refreshing}
      onClick={() =>
        void refresh().then(() => toast({ title: t("account.page.refreshed"), variant: "success" }))
      }
    >
      {refreshing ? t("account.page.refreshing") : t("account.page.refresh")}
    </Button>
  );

  return (
    <Page title={t("account.page.title")} intro={t("account.page.intro")}>
      {!user ? (
        me.isError ? (
          <div className="space-y-4">
            <p role="alert" className="text-red-800">
              {t("account.page.loadFailed")}
            </p>
            {refreshButton}
          </div>
        ) : (
          <p role="status" className="text-zinc-600">
            {t("common.loading")}
          </p>
        )
      ) : (
        <div className="space-y-6">
          <div className="flex justify-end">{refreshButton}</div>
          <div className="grid gap-6 md:grid-cols-2">
            <ProfileCard user={user} />
            <MinutesCard user={user} />
            <div className="md:col-span-2">
              <SubscriptionCard subscription={subscription.data} />
            </div>
            <ActionCards isAdmin={user.isAdmin} />
            <div className="md:col-span-2">
              <AccountSettingsCard user={user} />
            </div>
            <div className="md:col-span-2">
              <ApiKeysCard />
            </div>
            <div className="md:col-span-2">
              <WebhooksCard />
            </div>
            <div className="md:col-span-2">
              <VoicesCard />
            </div>
          </div>
          <DeleteAccountCard user={user} />
        </div>
      )}
    </Page>
  );
}
