import { useState } from "react";
import type { z } from "zod";
import { validate, type FieldErrors } from "./validation";

/**
 * Form state checked by a contract schema (the same zod schema the server validates with). `field(key)`
 * gives the props a Field needs; `check()` validates, shows the messages and returns the parsed values.
 */
export function useContractForm<S extends z.ZodType, K extends string>(
  schema: S,
  initial: Record<K, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<string>>({});

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    error: errors[name],
  });

  const check = (extra: object = {}): z.infer<S> | null => {
    const result = validate(schema, { ...values, ...extra });
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.data : null;
  };

  return { values, errors, field, check };
}
