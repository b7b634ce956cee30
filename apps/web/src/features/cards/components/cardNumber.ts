/** The last four digits of a masked card number ("6222***********0123" → "0123"). */
export const lastFour = (masked: string) => masked.slice(-4);

/**
 * A masked number as a bank app shows it: the first and last four digits around a fixed group of dots,
 * so the screen does not spell out how long the number is.
 */
export const displayMasked = (masked: string) => `${masked.slice(0, 4)} •••• •••• ${lastFour(masked)}`;
