/* Filled in by the kyc contract. */
export {};
