import * as zod from 'zod/mini';
import { en as english } from 'zod/locales';

// Before any schema is parsed (this module is the contract's first import): zod's eval probe is a CSP violation,
// and zod's mini form carries no messages of its own ('Invalid email address' rather than 'Invalid input').
zod.config({ jitless: true, ...english() });

/**
 * The schema builders an app uses for rules of its own (a form's confirmation field, the shell's
 * config.json), taken from the contract's one copy of zod: an app importing zod itself would put a second
 * copy on its pages, and a shared zod would be the whole library. It is zod's mini form (functions, not
 * methods: `z.optional(z.string())`, `z.string().check(z.trim(), z.minLength(1, 'Name is Required'))`),
 * which pages carry only the parts they use of. Add a builder here when an app needs one.
 */
export const z = {
  array: zod.array,
  boolean: zod.boolean,
  default: zod._default,
  email: zod.email,
  enum: zod.enum,
  extend: zod.extend,
  gte: zod.gte,
  lte: zod.lte,
  maxLength: zod.maxLength,
  minLength: zod.minLength,
  number: zod.number,
  object: zod.object,
  optional: zod.optional,
  pick: zod.pick,
  pipe: zod.pipe,
  record: zod.record,
  refine: zod.refine,
  regex: zod.regex,
  string: zod.string,
  trim: zod.trim,
  unknown: zod.unknown,
} as const;

// The types that go with them, under the same name: `z.infer<typeof schema>`.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  export type infer<T extends zod.core.$ZodType> = zod.infer<T>;
  export type input<T extends zod.core.$ZodType> = zod.input<T>;
  export type output<T extends zod.core.$ZodType> = zod.output<T>;
  export type ZodType<Output = unknown, Input = unknown> = zod.ZodMiniType<Output, Input>;
}
