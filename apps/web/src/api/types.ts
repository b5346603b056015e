// The shapes the API answers with (apps/server presenters).

export interface User {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  /** Plan minutes left this period. */
  credits: number;
  /** Purchased pack minutes left. */
  additionalCredits: number;
  isAdmin: boolean;
}

export type PlanType = "free" | "basic" | "standard" | "pro";
export type SubscriptionStatus = "active" | "inactive" | "cancelled" | "incomplete";

export interface ActiveSubscription {
  planType: PlanType;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  /** A downgrade is scheduled: Free from currentPeriodEnd on. */
  cancelAtPeriodEnd?: boolean;
}

export interface LoginResponse {
  token: string;
  tokenExpiration: string;
  user: User;
}

export interface SessionResponse {
  token: string;
  tokenExpiration: string;
}

export interface CheckoutResponse {
  url: string;
}

export interface ConfirmationResponse {
  minutes: number;
  minutesAdded: number;
}
