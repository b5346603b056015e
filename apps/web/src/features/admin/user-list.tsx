import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { useAdminUsers } from "./admin-users";
import { GrantMinutesDialog } from "./grant-minutes-dialog";
import { formatMoment } from "./usage";

/** Users: search by e-mail or name; plan, minutes left, last job; grant minutes. */
export function UserList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const users = useAdminUsers(deferred);
  return (
    <section aria-labelledby="admin-users" className="space-y-4">
      <h2 id="admin-users" className="text-xl font-semibold text-zinc-900">
        {t("admin.users.title")}
      </h2>
      <div className="max-w-md">
        <label
          htmlFor="admin-user-search"
          className="mb-1.5 block text-sm font-medium text-zinc-800"
        >
          {t("admin.users.search")}
        </label>
        <Input
          id="admin-user-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {users.isError ? (
        <Card role="alert" className="border-red-200 bg-red-50">
          <p className="text-red-900">{t("admin.users.failed")}</p>
        </Card>
      ) : !users.data ? (
        <p role="status" className="text-zinc-600">
          {t("common.loading")}
        </p>
      ) : users.data.length === 0 ? (
        <p className="text-zinc-700">{t("admin.users.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("admin.users.user")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("admin.users.plan")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("admin.users.minutesLeft")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("admin.users.lastJob")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">{t("admin.users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id} className="border-t border-zinc-200">
                  <th scope="row" className="px-4 py-2 font-normal">
                    <div className="font-medium break-all text-zinc-900">{user.email}</div>
                    {user.name && <div className="text-zinc-600">{user.name}</div>}
                  </th>
                  <td className="px-4 py-2 text-zinc-800">
                    {t(`account.subscription.plans.${user.planType}`)}
                  </td>
                  <td className="px-4 py-2 text-zinc-800">
                    {t("admin.users.minutesValue", {
                      plan: user.planMinutes,
                      pack: user.packMinutes,
                    })}
                  </td>
                  <td className="px-4 py-2 text-zinc-800">
                    {user.lastJobAt
                      ? formatMoment(user.lastJobAt, i18n.language)
                      : t("admin.users.never")}
                  </td>
                  <td className="px-4 py-2 text-right">
                    <GrantMinutesDialog user={user} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
