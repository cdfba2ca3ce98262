/**
 * Repeatable options for commander: `collect` gathers `--tag a --tag b` into a list, and
 * `optionDescription` leaves the empty default out of their help.
 */
import { Help, type Option } from "commander";

/** Argument parser of a repeatable option (`--tag a --tag b` → `["a", "b"]`); its default is `[]`. */
export const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * Help text of an option as commander writes it, less the default of a repeatable option: an empty list
 * printed as "(default: [])" tells a user nothing. Installed with `configureHelp` on the program, which
 * its subcommands inherit.
 */
export function optionDescription(this: Help, option: Option): string {
  if (!Array.isArray(option.defaultValue) || option.defaultValue.length > 0)
    return Help.prototype.optionDescription.call(this, option);
  const withoutDefault = Object.assign(
    Object.create(Object.getPrototypeOf(option) as object) as Option,
    option,
    {
      defaultValue: undefined,
    },
  );
  return Help.prototype.optionDescription.call(this, withoutDefault);
}
