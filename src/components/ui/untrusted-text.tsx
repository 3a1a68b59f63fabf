import { memo } from 'react';
import { hasRightToLeft, splitControls } from '../../lib/control-chars';

export interface UntrustedTextProps {
  /** Text as a server sent it: shown as text, never as markup. */
  text: string;
  /**
   * Wrap it in its own bidi isolate (default) when it has right-to-left letters or controls, so its
   * direction cannot reorder the text around it, with the direction its own letters give it.
   * Pieces of one text rendered separately (highlights, colours) pass false and share the isolate
   * of their container.
   */
  isolate?: boolean;
}

/**
 * Text from outside: React text nodes only, in a bidi isolate, with bidi controls, control
 * characters and invisible tag characters shown as visible marks in their place instead of being
 * applied (see lib/control-chars).
 */
export const UntrustedText = memo(function UntrustedText({
  text,
  isolate = true,
}: UntrustedTextProps) {
  const runs = splitControls(text);
  const plain = runs.length === 1 && !runs[0]?.control;
  // left-to-right text without controls cannot reorder anything: no wrapper needed
  if (plain && !hasRightToLeft(text)) return <>{text}</>;
  const content = plain
    ? text
    : runs.map((run, index) =>
        run.control ? (
          <span
            key={index}
            data-control={run.control.code}
            title={`${run.control.code} ${run.control.name}: shown, not applied`}
            className="mx-px rounded-sm border border-warn/50 px-px text-[0.85em] leading-none font-normal text-warn not-italic [unicode-bidi:isolate]"
          >
            {run.control.label}
          </span>
        ) : (
          run.text
        ),
      );
  // dir=auto: its own first strong letter sets its direction (a Hebrew message reads from the right)
  return isolate ? (
    <span dir="auto" className="[unicode-bidi:isolate]">
      {content}
    </span>
  ) : (
    <>{content}</>
  );
});
