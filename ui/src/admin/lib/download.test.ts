import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFrom('attachment; filename="studio-2024-12-15.redb"')).toBe('studio-2024-12-15.redb');
    expect(fileNameFrom('attachment; filename=backup.redb')).toBe('backup.redb');
    expect(fileNameFrom("attachment; filename*=UTF-8''studio%20backup.redb")).toBe('studio backup.redb');
  });

  it('refuses paths and missing names', () => {
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBeUndefined();
    expect(fileNameFrom('attachment')).toBeUndefined();
    expect(fileNameFrom(null)).toBeUndefined();
  });
});
