/**
 * Compose's interpolation syntax, as compose-go's `template/template.go` substitutes it: `$$` is a literal
 * `$`; `$NAME` and `${NAME}` take the variable's value (empty when unset); `${NAME:-default}` (unset or
 * empty), `${NAME-default}` (unset), `${NAME:?error}`, `${NAME?error}` (required), `${NAME:+alternate}`,
 * `${NAME+alternate}` (set and non-empty / set); defaults and alternates may nest further expressions. A
 * `$` before anything else (`$(`, `$1`) stays as it is; a `${` that is not one of these forms is an
 * "Invalid template" error. Pure; never throws.
 */

/** A variable met while substituting: its name, the offsets of its expression in the input, its fate. */
interface TemplateVariable {
  name: string;
  start: number;
  end: number;
  /** True when the variable had a value (even an empty one). */
  set: boolean;
  /** True when a `:-`/`-` default or an alternate gave the result instead of the variable's value. */
  defaulted: boolean;
  /** True for `$NAME` and `${NAME}` (no default, alternate or requirement). */
  plain: boolean;
}

/** An error of a template: an invalid `${…}`, or a required variable without a value. */
interface TemplateError {
  message: string;
  start: number;
  end: number;
  /** The variable a required-variable error is about. */
  variable?: string;
}

/** The result of {@link substitute}. */
export interface Substitution {
  value: string;
  variables: TemplateVariable[];
  errors: TemplateError[];
}

const NAME_START = /[_a-zA-Z]/;
const NAME_CHAR = /[_a-zA-Z0-9]/;
const BRACED = /^([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[-?+])([\s\S]*))?$/;

/**
 * Substitutes every variable of `input` with `lookup` (undefined = unset). On an error the expression is
 * replaced by the empty string and the rest is still substituted.
 */
export function substitute(input: string, lookup: (name: string) => string | undefined): Substitution {
  const out: Substitution = { value: "", variables: [], errors: [] };
  out.value = substituteInto(input, 0, lookup, out);
  return out;
}

function substituteInto(
  input: string,
  base: number,
  lookup: (name: string) => string | undefined,
  out: Substitution,
): string {
  let result = "";
  let i = 0;
  while (i < input.length) {
    const dollar = input.indexOf("$", i);
    if (dollar < 0) {
      result += input.slice(i);
      break;
    }
    result += input.slice(i, dollar);
    const next = input[dollar + 1];
    if (next === "$") {
      result += "$";
      i = dollar + 2;
    } else if (next !== undefined && NAME_START.test(next)) {
      let end = dollar + 2;
      while (end < input.length && NAME_CHAR.test(input[end]!)) end++;
      const name = input.slice(dollar + 1, end);
      const value = lookup(name);
      out.variables.push({
        name,
        start: base + dollar,
        end: base + end,
        set: value !== undefined,
        defaulted: false,
        plain: true,
      });
      result += value ?? "";
      i = end;
    } else if (next === "{") {
      const close = closingBrace(input, dollar + 2);
      if (close < 0) {
        out.errors.push({
          message: `Invalid template: "${input.slice(dollar)}"`,
          start: base + dollar,
          end: base + input.length,
        });
        break;
      }
      result += braced(
        input.slice(dollar + 2, close),
        base + dollar,
        base + close + 1,
        base + dollar + 2,
        lookup,
        out,
      );
      i = close + 1;
    } else {
      result += "$";
      i = dollar + 1;
    }
  }
  return result;
}

/** The index of the `}` closing the `${` whose content starts at `from`, counting nested `${…}`. */
function closingBrace(input: string, from: number): number {
  let depth = 0;
  for (let i = from; i < input.length; i++) {
    const c = input[i];
    if (c === "$" && input[i + 1] === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function braced(
  content: string,
  start: number,
  end: number,
  contentStart: number,
  lookup: (name: string) => string | undefined,
  out: Substitution,
): string {
  const match = BRACED.exec(content);
  if (!match) {
    out.errors.push({ message: `Invalid template: "\${${content}}"`, start, end });
    return "";
  }
  const name = match[1]!;
  const operator = match[2];
  const argument = match[3] ?? "";
  const argumentStart = contentStart + name.length + (operator?.length ?? 0);
  const value = lookup(name);
  const variable: TemplateVariable = {
    name,
    start,
    end,
    set: value !== undefined,
    defaulted: false,
    plain: operator === undefined,
  };
  out.variables.push(variable);
  const empty = value === undefined || value === "";
  const nested = () => substituteInto(argument, argumentStart, lookup, out);
  switch (operator) {
    case ":-":
    case "-":
      if (operator === ":-" ? empty : value === undefined) {
        variable.defaulted = true;
        return nested();
      }
      return value ?? "";
    case ":?":
    case "?":
      if (operator === ":?" ? empty : value === undefined) {
        const reason = nested();
        out.errors.push({
          message: `required variable ${name} is missing a value${reason ? `: ${reason}` : ""}`,
          start,
          end,
          variable: name,
        });
        return "";
      }
      return value ?? "";
    case ":+":
    case "+":
      if (operator === ":+" ? !empty : value !== undefined) {
        variable.defaulted = true;
        return nested();
      }
      return "";
    default:
      return value ?? "";
  }
}
