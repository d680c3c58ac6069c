import { notifications } from '@mantine/notifications';
import type { ApiFailure } from '../api/errors';

export function notifyFailure(failure: Pick<ApiFailure, 'message' | 'code'>): void {
  notifications.show({
    id: `failure-${failure.code}`,
    color: 'red',
    message: failure.message,
    autoClose: 8000,
    withBorder: true,
  });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'risiti', message, autoClose: 5000, withBorder: true });
}
