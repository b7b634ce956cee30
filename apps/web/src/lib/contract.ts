/**
 * The contract's schemas (and zod with them), loaded on demand: the first screen must not wait for a
 * validator it only needs when a form is sent. Values without zod (error codes, languages) are imported
 * as usual; a module building schemas is reached only through here or from a lazy screen.
 */
export const loadContract = () => import("./schemas");

export type Contract = Awaited<ReturnType<typeof loadContract>>;
