/* Filled in by the cards contract. */
export {};
