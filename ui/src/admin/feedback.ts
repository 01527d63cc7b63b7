import { toast } from '../components/ui/toast';
import { ApiError, describeError } from './api';

export function toastSuccess(title: string, action?: { label: string; onClick: () => void }) {
  toast({ title, action });
}

/**
 * A destructive toast naming what failed and why. A refused token is left alone: the session guard
 * has already said 'Session expired' and only one toast shows at a time.
 */
export function toastFailure(title: string, error?: unknown, detail?: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({ variant: 'destructive', title, description: detail ?? (error === undefined ? undefined : describeError(error)) });
}
