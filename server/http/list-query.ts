// ?search=&limit=&offset= of the list endpoints.
import * as v from 'valibot';
import { m } from '../../domain/messages';

const whole = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, m.fieldInvalid.id),
      v.transform(Number),
      v.minValue(min, m.fieldInvalid.id),
      v.maxValue(max, m.fieldInvalid.id),
    ),
    String(fallback),
  );

export const listQuerySchema = v.object({
  search: v.optional(v.string()),
  limit: whole(1, 500, 50),
  offset: whole(0, 1_000_000, 0),
});
