export { ApiKeysCard } from "./api-keys-card";
