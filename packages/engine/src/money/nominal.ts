/**
 * The key of a unit tag. Declared, never created: it exists only for the compiler, so a
 * tagged value is the plain value at run time, and no real property can collide with it.
 */
declare const unit: unique symbol;

/**
 * `T` tagged with the unit `Name`, after lightweight-charts' `Nominal` (`Coordinate`,
 * `UTCTimestamp`): two quantities of different units cannot be mixed, and a bare `T` is not a
 * quantity of any unit until a named constructor says which. The tag is mandatory — an
 * optional tag would let any `T` through, `lots * price` included.
 *
 * Arithmetic on tagged values yields a bare `T` (`a + b` of two `Micros` is a `bigint`), so a
 * result regains its unit only where the unit is known: a helper of the unit's module.
 */
export type Nominal<T, Name extends string> = T & { readonly [unit]: Name };
