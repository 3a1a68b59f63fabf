/**
 * A console call's arguments as DevTools prints them: `%s %d %i %f %o %O %c` in the first
 * argument take the arguments after it (`%c`, a style, takes one and prints nothing; `%%` is a
 * percent sign), and what is left is joined with spaces. The upstream sends every argument as a
 * string (objects as their short preview), so `%o`/`%O` print that preview and `%d`/`%i`/`%f`
 * read a number from it as the browser would (`NaN` when there is none).
 */
export function formatConsoleArgs(args: readonly string[]): string {
  const [first, ...rest] = args;
  if (first === undefined) return '';
  if (!first.includes('%')) return args.join(' ');
  let next = 0;
  let out = '';
  let at = 0;
  while (at < first.length) {
    const percent = first.indexOf('%', at);
    if (percent === -1 || percent === first.length - 1) {
      out += first.slice(at);
      break;
    }
    out += first.slice(at, percent);
    const directive = first.charAt(percent + 1);
    at = percent + 2;
    if (directive === '%') {
      out += '%';
      continue;
    }
    if (!'sdifoOc'.includes(directive) || next >= rest.length) {
      // not a directive, or nothing left to put in it: printed as written
      out += `%${directive}`;
      continue;
    }
    const value = rest[next] as string;
    next += 1;
    if (directive === 'c') continue;
    if (directive === 'd' || directive === 'i') out += String(Number.parseInt(value, 10));
    else if (directive === 'f') out += String(Number.parseFloat(value));
    else out += value;
  }
  const left = rest.slice(next);
  return left.length > 0 ? `${out} ${left.join(' ')}` : out;
}
