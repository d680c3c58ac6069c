// A filter of a few choices: side by side where there is room, one under the other on a phone,
// so no label is cut whatever the language.
import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below this width (Mantine's sm breakpoint) the choices stack. */
const NARROW = '(max-width:40em)';

export function FilterControl(props: SegmentedControlProps) {
  const narrow = useMediaQuery(NARROW) ?? false;
  return (
    <SegmentedControl
      fullWidth={narrow}
      orientation={narrow ? 'vertical' : 'horizontal'}
      {...props}
    />
  );
}
