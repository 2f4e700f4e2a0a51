/**
 * Ink's Text, taking a colour that may be absent. The theme hands out
 * `undefined` when colour is off (NO_COLOR, --no-color) and screens colour
 * only some rows (`selected ? theme.color('selected') : undefined`); Ink
 * declares `color?: string`, which exactOptionalPropertyTypes keeps from
 * receiving `undefined`. This is the one place that turns "no colour" into
 * an omitted prop, so screens pass the theme's answer straight through.
 */
import { Text as InkText, type TextProps } from 'ink';

export type { TextProps };

export function Text({ color, ...rest }: Omit<TextProps, 'color'> & { color?: TextProps['color'] | undefined }) {
  return color === undefined ? <InkText {...rest} /> : <InkText {...rest} color={color} />;
}
