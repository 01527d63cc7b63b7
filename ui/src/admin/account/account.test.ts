import { describe, expect, it } from 'vitest';
import { passwordProblem } from './AccountSection';

describe('passwordProblem', () => {
  it('asks for the current password, twelve characters and a matching repeat', () => {
    expect(passwordProblem('', 'a-long-new-password', 'a-long-new-password')).toMatch(/current password/);
    expect(passwordProblem('old', 'eleven-char', 'eleven-char')).toMatch(/at least 12/);
    expect(passwordProblem('old', 'a-long-new-password', 'a-long-new-passw0rd')).toMatch(/do not match/);
    expect(passwordProblem('old', 'a-long-new-password', 'a-long-new-password')).toBeUndefined();
  });
});
