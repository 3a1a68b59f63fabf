/**
 * What a regular expression asks of an engine, read from its source: whether it needs a feature
 * only a backtracking engine has (a lookaround, a backreference), and a bound on the work the
 * browser's backtracking engine can do for it at one position of a line.
 *
 * The bound is what makes a pattern safe to give the browser's engine. Backtracking explores every
 * way the pattern could match before giving up, so its cost is about the number of those ways times
 * their length, at every position of the line. A pattern with an unbounded repeat (`*`, `+`,
 * `{n,}`) has no such bound: `(a+)+$` takes exponential time and even `\d+\d+x` or `.*x` take
 * quadratic or cubic time on a long line (`.*x` spends seconds on a 100,000-character line
 * without an x). A pattern built only of characters, classes, alternation and bounded repeats
 * has one, so it runs in time proportional to the line.
 *
 * The source must already be known to be valid (the browser compiled it), with or without the `u`
 * flag as `unicode` says.
 */

export interface PatternShape {
  /** A feature the linear-time engine does not have, or null. */
  unsupported: 'lookaround' | 'backreference' | null;
  /**
   * Upper bound on backtracking steps at one position of a line: Infinity with an unbounded repeat,
   * or when the bound exceeds `cap` (counting further would not change the decision).
   */
  work: number;
}

interface Cost {
  /** Ways to match (paths through the pattern). */
  paths: number;
  /** Steps to try all of them. */
  work: number;
}

const ONE: Cost = { paths: 1, work: 1 };
const UNBOUNDED: Cost = { paths: Infinity, work: Infinity };
const BOUNDED_REPEAT = /\{(\d+)(?:(,)(\d*))?\}/y;

export function patternShape(source: string, unicode: boolean, cap: number): PatternShape {
  let at = 0;
  let unsupported: PatternShape['unsupported'] = null;
  const bounded = (n: number): number => (n > cap ? Infinity : n);

  function alternation(): Cost {
    let total = sequence();
    while (source[at] === '|') {
      at += 1;
      const next = sequence();
      total = { paths: bounded(total.paths + next.paths), work: bounded(total.work + next.work) };
    }
    return total;
  }

  // Each way through the items before is followed by every way through the next item.
  function sequence(): Cost {
    let cost = ONE;
    while (at < source.length && source[at] !== '|' && source[at] !== ')') {
      const item = repeated(atom());
      cost = {
        paths: bounded(cost.paths * item.paths),
        work: bounded(cost.work + cost.paths * item.work),
      };
    }
    return cost;
  }

  function atom(): Cost {
    const c = source[at];
    if (c === '(') return group();
    if (c === '[') {
      skipClass();
      return ONE;
    }
    if (c === '\\') {
      skipEscape();
      return ONE;
    }
    at += 1;
    return ONE;
  }

  function group(): Cost {
    at += 1;
    if (source.startsWith('?=', at) || source.startsWith('?!', at)) {
      unsupported ??= 'lookaround';
      at += 2;
    } else if (source.startsWith('?<=', at) || source.startsWith('?<!', at)) {
      unsupported ??= 'lookaround';
      at += 3;
    } else if (source.startsWith('?<', at)) {
      at = source.indexOf('>', at) + 1 || source.length;
    } else if (source[at] === '?') {
      // `(?:` and modifier groups such as `(?i:`
      at = source.indexOf(':', at) + 1 || source.length;
    }
    const inner = alternation();
    at += 1; // `)`
    return inner;
  }

  function skipClass(): void {
    at += 1;
    while (at < source.length && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
    at += 1;
  }

  function skipEscape(): void {
    at += 1;
    const c = source[at] ?? '';
    if (c >= '1' && c <= '9') {
      unsupported ??= 'backreference';
      while (/\d/.test(source[at] ?? '')) at += 1;
    } else if (c === 'k' && source[at + 1] === '<') {
      unsupported ??= 'backreference';
      at = source.indexOf('>', at) + 1 || source.length;
    } else if (unicode && (c === 'u' || c === 'p' || c === 'P') && source[at + 1] === '{') {
      // `\u{1F600}`, `\p{L}`: without the `u` flag these are a letter and a repeat, read as such
      at = source.indexOf('}', at) + 1 || source.length;
    } else {
      at += 1;
    }
  }

  function repeated(item: Cost): Cost {
    let min: number;
    let max: number;
    const c = source[at];
    if (c === '*' || c === '+') {
      min = c === '*' ? 0 : 1;
      max = Infinity;
      at += 1;
    } else if (c === '?') {
      min = 0;
      max = 1;
      at += 1;
    } else if (c === '{') {
      BOUNDED_REPEAT.lastIndex = at;
      const match = BOUNDED_REPEAT.exec(source);
      if (match === null) return item; // a literal `{` (allowed without the `u` flag)
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity;
      at = BOUNDED_REPEAT.lastIndex;
    } else {
      return item;
    }
    if (source[at] === '?') at += 1; // lazy: the same ways, in another order
    return repeat(item, min, max);
  }

  // X{min,max}: the ways are X^k for k from min to max; trying them walks the tree of X^max once
  // (each copy of X after every way through the copies before it) and stops at each k.
  function repeat(item: Cost, min: number, max: number): Cost {
    if (max === Infinity || item.work === Infinity) return UNBOUNDED;
    let paths = 0;
    let copies = 0;
    let power = 1;
    for (let k = 0; k <= max; k += 1) {
      if (k >= min) paths = bounded(paths + power);
      if (k < max) copies = bounded(copies + power);
      power = bounded(power * item.paths);
      if (paths === Infinity || copies === Infinity) return UNBOUNDED;
    }
    return { paths, work: bounded(item.work * copies + (max - min + 1)) };
  }

  const cost = alternation();
  // Anything left unread (not expected of a valid pattern) is not vouched for.
  const work = at >= source.length ? cost.work : Infinity;
  return { unsupported, work };
}
