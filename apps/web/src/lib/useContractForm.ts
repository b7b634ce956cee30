import { useState } from "react";
import type { z } from "zod";
import { loadMoneyFormat } from "./apiError";
import { loadContract, type Contract } from "./contract";
import { validate, type FieldErrors } from "./validation";

/**
 * Form state checked by a contract schema (the same zod schema the server validates with). `field(key)`
 * gives the props a Field needs; `check()` validates, shows the messages and resolves the parsed values.
 * The schema is picked from the lazily loaded contract: its loading starts with the first keystroke, so
 * the form is usable before zod arrives and a submit rarely has to wait for it.
 */
export function useContractForm<S extends z.ZodType, K extends string>(
  pickSchema: (contract: Contract) => S,
  initial: Record<K, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<string>>({});

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      void loadContract();
      setValues((v) => ({ ...v, [name]: value }));
    },
    error: errors[name],
  });

  const check = async (extra: object = {}): Promise<z.infer<S> | null> => {
    const [contract] = await Promise.all([loadContract(), loadMoneyFormat()]);
    const schema = pickSchema(contract);
    const result = validate(schema, { ...values, ...extra });
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.data : null;
  };

  return { values, errors, field, check };
}
