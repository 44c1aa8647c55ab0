import { array, email, enum as enumeration, object, record, string, unknown } from 'zod';
import type * as zod from 'zod';

/**
 * The schema builders an app uses for rules of its own (a form's confirmation field, the shell's
 * config.json), taken from the contract's one copy of zod: an app importing zod itself would put a second
 * copy on its pages, and a shared zod would be the whole library. Add a builder here when an app needs one.
 */
export const z = { array, email, enum: enumeration, object, record, string, unknown } as const;

// The types that go with them, under the same name: `z.infer<typeof schema>`.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  export type infer<T extends zod.ZodType> = zod.infer<T>;
  export type input<T extends zod.ZodType> = zod.input<T>;
  export type output<T extends zod.ZodType> = zod.output<T>;
  export type ZodType<Output = unknown, Input = unknown> = zod.ZodType<Output, Input>;
}
