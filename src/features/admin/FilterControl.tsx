// A filter of a few choices: side by side where there is room, one under the other on a phone,
// so no label is cut whatever the language.
import { Choices, type ChoicesProps } from '../../app/Choices';

export function FilterControl<T extends string>(props: ChoicesProps<T>) {
  return <Choices<T> stackNarrow {...props} />;
}
