import { memo, type CSSProperties, type ReactNode } from 'react';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { illegibleIn } from '../model/ansi-contrast';
import {
  ansiColor,
  isConcealing,
  parseAnsi,
  type AnsiSegment,
  type AnsiStyle,
} from '../model/ansi';

export interface LogTextProps {
  text: string;
  /** Highlight ranges over the ANSI-stripped text. */
  ranges: ReadonlyArray<readonly [number, number]>;
  current: boolean;
}

function colour(value: number | string): string {
  return typeof value === 'string' ? value : ansiColor(value);
}

function styleOf(style: AnsiStyle | null): CSSProperties | undefined {
  if (!style) return undefined;
  const css: CSSProperties = {};
  let fg = style.fg === undefined ? undefined : colour(style.fg);
  let bg = style.bg === undefined ? undefined : colour(style.bg);
  if (style.inverse) [fg, bg] = [bg ?? 'var(--panel)', fg ?? 'var(--fg)'];
  // text must never be hidden by its own colours
  if (!isConcealing(style)) {
    if (fg) css.color = fg;
    if (bg) css.backgroundColor = bg;
  }
  if (style.bold) css.fontWeight = 700;
  if (style.dim) css.opacity = 0.7;
  if (style.italic) css.fontStyle = 'italic';
  const lines = [style.underline ? 'underline' : '', style.strike ? 'line-through' : '']
    .filter(Boolean)
    .join(' ');
  if (lines) css.textDecoration = lines;
  return css;
}

/** Splits styled segments at highlight boundaries; all text goes into React text nodes. */
function render(
  segments: AnsiSegment[],
  ranges: LogTextProps['ranges'],
  current: boolean,
): ReactNode[] {
  const out: ReactNode[] = [];
  let offset = 0;
  let rangeIndex = 0;
  segments.forEach((segment, segmentIndex) => {
    const css = styleOf(segment.style);
    // colours that would hide the text in a theme yield to the theme's there (styles.css)
    const illegible = (segment.style ? illegibleIn(segment.style) : []).join(' ') || undefined;
    const end = offset + segment.text.length;
    let cursor = offset;
    while (cursor < end) {
      const range = ranges[rangeIndex];
      if (!range || range[0] >= end) {
        out.push(
          <span key={`${segmentIndex}-${cursor}`} style={css} data-ansi-illegible={illegible}>
            <UntrustedText text={segment.text.slice(cursor - offset)} isolate={false} />
          </span>,
        );
        break;
      }
      if (range[1] <= cursor) {
        rangeIndex += 1;
        continue;
      }
      if (range[0] > cursor) {
        out.push(
          <span key={`${segmentIndex}-${cursor}`} style={css} data-ansi-illegible={illegible}>
            <UntrustedText
              text={segment.text.slice(cursor - offset, range[0] - offset)}
              isolate={false}
            />
          </span>,
        );
        cursor = range[0];
      }
      const stop = Math.min(range[1], end);
      out.push(
        <mark
          key={`${segmentIndex}-${cursor}-m`}
          style={css}
          data-ansi-illegible={illegible}
          className={current ? 'rounded-sm bg-mark-current text-fg' : 'rounded-sm bg-mark text-fg'}
        >
          <UntrustedText
            text={segment.text.slice(cursor - offset, stop - offset)}
            isolate={false}
          />
        </mark>,
      );
      cursor = stop;
      if (stop === range[1]) rangeIndex += 1;
    }
    offset = end;
  });
  return out;
}

/**
 * A log message with its ANSI colours as styled text (never HTML) and search highlights; control
 * and bidi characters are shown as marks, never applied (UntrustedText).
 */
export const LogText = memo(function LogText({ text, ranges, current }: LogTextProps) {
  if (ranges.length === 0 && !text.includes('\x1b'))
    return <UntrustedText text={text} isolate={false} />;
  return <>{render(parseAnsi(text), ranges, current)}</>;
});
