import { readStored, writeStored } from "../../lib/storage";

/**
 * The message screen (/information/msgInfo) reads the id of the message the inbox opened from local
 * storage, as the stock detail does its stock: the paths carry no parameters (spec §2).
 */
export const MESSAGE_KEY = "message";

/** Storage unavailable: the message screen shows its empty state. */
export const saveMessageId = (id: string) => writeStored(MESSAGE_KEY, id);
export const readMessageId = () => readStored(MESSAGE_KEY);
