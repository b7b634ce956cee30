export { useUnreadCount } from "./api/messages";
