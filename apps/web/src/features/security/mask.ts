/**
 * The bound phone (the log-in account) as the security screens show it: a phone number keeps its first
 * three and last four digits, an account name its first two and last two characters; the rest is
 * starred, so a glance over the shoulder does not give the account away.
 */
export function maskAccount(account: string): string {
  const chars = [...account];
  const phone = /^\+?\d{6,15}$/.test(account);
  const [head, tail] = phone ? [account.startsWith("+") ? 4 : 3, 4] : [2, 2];
  if (chars.length <= head + tail)
    return chars.length <= 2 ? account : `${chars[0]}${"*".repeat(chars.length - 1)}`;
  return `${chars.slice(0, head).join("")}****${chars.slice(-tail).join("")}`;
}
