// The days of the week as reports and insights name them, Monday first (ISO).
import type { Message } from './i18n';

export const weekdayLabels: Message[] = [
  /*i18n*/ { id: 'Monday' },
  /*i18n*/ { id: 'Tuesday' },
  /*i18n*/ { id: 'Wednesday' },
  /*i18n*/ { id: 'Thursday' },
  /*i18n*/ { id: 'Friday' },
  /*i18n*/ { id: 'Saturday' },
  /*i18n*/ { id: 'Sunday' },
];
