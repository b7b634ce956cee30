export { useUnreadCount } from "./api/messages";
export { messageText } from "./components/messageText";
