import { describe, expect, it } from 'vitest';
import { formatSize, isFailing, overdueWarning, timeAgo, type OffsiteStatus } from './offsite';

const now = Date.parse('2026-11-24T12:00:00Z');
const status = (over: Partial<OffsiteStatus>): OffsiteStatus => ({
  configured: true,
  lastSuccess: null,
  lastError: null,
  copies: [],
  overdue: false,
  ...over,
});

describe('off-site backups', () => {
  it('sizes and ages read as people say them', () => {
    expect(formatSize(94_303)).toBe('92 KB');
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatSize(1.2 * 1024 ** 3)).toBe('1.20 GB');
    expect(timeAgo('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-24T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-22T12:00:00Z', now)).toBe('2 days ago');
  });

  it('an error is current only when newer than the last success', () => {
    const error = { at: '2026-11-24T10:00:00Z', message: 'the storage refused the upload: 403' };
    expect(isFailing(status({ lastError: error }))).toBe(true);
    expect(isFailing(status({ lastError: error, lastSuccess: '2026-11-24T11:00:00Z' }))).toBe(false);
    expect(isFailing(status({ lastError: error, lastSuccess: '2026-11-24T09:00:00Z' }))).toBe(true);
    expect(isFailing(status({}))).toBe(false);
  });

  it('the Overview warns only when copies are overdue', () => {
    expect(overdueWarning(undefined)).toBeUndefined();
    expect(overdueWarning(status({ configured: false, overdue: true }))).toBeUndefined();
    expect(overdueWarning(status({ overdue: false, lastSuccess: '2026-11-24T11:00:00Z' }))).toBeUndefined();
    expect(
      overdueWarning(
        status({
          overdue: true,
          lastSuccess: '2026-11-22T12:00:00Z',
          lastError: { at: '2026-11-24T11:00:00Z', message: 'cannot reach the storage' },
        }),
        now,
      ),
    ).toBe('Off-site backups have stopped. The last one got through 2 days ago. Last error: cannot reach the storage');
    expect(overdueWarning(status({ overdue: true }), now)).toMatch(/None has got through yet/);
  });
});
