import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import {
  clearSession,
  msUntilExpiry,
  storedToken,
  storeSession,
  storeUserName,
} from "../api/auth-storage";
import { api, isUnauthorized, rotateToken } from "../api/client";
import type { LoginResponse, Ok } from "../api/types";
import { toast } from "../components/ui/toast-store";

/** Expiry is checked this often. */
export const EXPIRY_CHECK_MS = 60_000;
/** A token with less than this left is refreshed. */
export const REFRESH_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

interface SessionValue {
  /** The stored token, or null when signed out. */
  token: string | null;
  /** Stores a login's token, expiry and name. */
  signIn(session: LoginResponse): void;
  /** Logs out on the server and here; here even when the server fails (with a warning toast). */
  signOut(): Promise<void>;
  /** Rotates the token; false (silently) when that fails. */
  refresh(): Promise<boolean>;
  /** Drops the session without calling the server (expired, or refused with 401). */
  expire(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Holds the session: token in the browser, expiry checked at start and every minute. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // An expired token is not used even once: the first check below clears it.
  const [token, setToken] = useState<string | null>(() =>
    (msUntilExpiry() ?? 1) <= 0 ? null : storedToken(),
  );

  const expire = useCallback(() => {
    clearSession();
    queryClient.clear();
    setToken(null);
  }, [queryClient]);

  const refresh = useCallback(async () => {
    const rotated = await rotateToken();
    if (rotated) setToken(storedToken());
    return rotated;
  }, []);

  const signIn = useCallback(
    (session: LoginResponse) => {
      storeSession(session.token, session.tokenExpiration);
      storeUserName(session.user.name ?? session.user.email);
      queryClient.setQueryData(["me"], session.user);
      setToken(session.token);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    let serverOk = true;
    try {
      await api<Ok>("/api/auth/logout", { method: "POST" });
    } catch {
      serverOk = false;
    }
    expire();
    // The editor's drafts and kept media on this device: the next person here must not see them.
    // (Loaded here, not with every page: a visitor never needs the drafts' database code.)
    const [drafts, media] = await Promise.all([
      import("../features/editor/editor-drafts"),
      import("../features/editor/device-media"),
    ]);
    await Promise.all([drafts.clearDrafts(), media.forgetAllOnDevice()]);
    if (serverOk) toast({ title: t("auth.logout.success"), variant: "success" });
    else toast({ title: t("auth.logout.serverIssue"), variant: "destructive" });
  }, [expire, t]);

  // Expiry at start and every 60 s; refresh when under 7 days are left.
  useEffect(() => {
    const check = () => {
      const left = msUntilExpiry();
      if (left === null) return;
      if (left <= 0) expire();
      else if (left < REFRESH_BEFORE_MS) void refresh();
    };
    check();
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [expire, refresh]);

  // A 401 from the current-user call ends the session.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const query = event.query;
        if (
          query.queryKey[0] === "me" &&
          query.state.status === "error" &&
          isUnauthorized(query.state.error)
        ) {
          expire();
        }
      }),
    [queryClient, expire],
  );

  const value = useMemo(
    () => ({ token, signIn, signOut, refresh, expire }),
    [token, signIn, signOut, refresh, expire],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside SessionProvider");
  return value;
}
