import { DATASOURCE_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { DeadlineError, failureReason, MissingSchemaError } from './datasource.rules';

const R = DATASOURCE_MSG.reason;
const withPassword = { hadPassword: true };
const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('failureReason', () => {
  it('names network failures', () => {
    expect(failureReason(err('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), withPassword)).toBe(R.refused);
    expect(failureReason(err('getaddrinfo ENOTFOUND x', 'ENOTFOUND'), withPassword)).toBe(R.unresolved);
    expect(failureReason(err('getaddrinfo EAI_AGAIN x', 'EAI_AGAIN'), withPassword)).toBe(R.unresolved);
    expect(failureReason(err('connect EHOSTUNREACH', 'EHOSTUNREACH'), withPassword)).toBe(R.unreachable);
    expect(failureReason(err('read ECONNRESET', 'ECONNRESET'), withPassword)).toBe(R.closed);
  });

  it('names timeouts, whoever noticed them', () => {
    expect(failureReason(new DeadlineError(), withPassword)).toBe(R.timeout);
    expect(failureReason(err('timeout expired'), withPassword)).toBe(R.timeout);
    expect(failureReason(err('Connection terminated due to connection timeout'), withPassword)).toBe(R.timeout);
    expect(failureReason(err('Query read timeout'), withPassword)).toBe(R.timeout);
    expect(failureReason(err('canceling statement due to statement timeout', '57014'), withPassword)).toBe(R.timeout);
  });

  it("names PostgreSQL's refusals by SQLSTATE", () => {
    expect(failureReason(err('password authentication failed for user "u"', '28P01'), withPassword)).toBe(
      R.badPassword,
    );
    expect(failureReason(err('password authentication failed', '28P01'), { hadPassword: false })).toBe(R.noPassword);
    expect(failureReason(err('role "x" does not exist', '28000'), withPassword)).toBe(R.badPassword);
    expect(failureReason(err('no pg_hba.conf entry for host', '28000'), withPassword)).toBe(R.rejected);
    expect(failureReason(err('database "x" does not exist', '3D000'), withPassword)).toBe(R.noDatabase);
    expect(failureReason(err('permission denied for database x', '42501'), withPassword)).toBe(R.noPrivilege);
    expect(failureReason(err('sorry, too many clients already', '53300'), withPassword)).toBe(R.tooManyConnections);
    expect(failureReason(err('the database system is starting up', '57P03'), withPassword)).toBe(R.starting);
    expect(failureReason(new MissingSchemaError('ods'), withPassword)).toBe(R.noSchema('ods'));
  });

  it('names a missing password, a hang-up and an answer that is not PostgreSQL', () => {
    expect(
      failureReason(err('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), { hadPassword: false }),
    ).toBe(R.noPassword);
    expect(failureReason(err('Connection terminated unexpectedly'), withPassword)).toBe(R.closed);
    expect(failureReason(err('Received unexpected message'), withPassword)).toBe(R.protocol);
  });

  it('names anything else with its own text, shortened, and never throws', () => {
    expect(failureReason(err('something odd'), withPassword)).toBe(R.other('something odd'));
    expect(failureReason(err('x'.repeat(500)), withPassword)).toBe(R.other(`${'x'.repeat(200)}…`));
    expect(failureReason(undefined, withPassword)).toMatch(/^未知错误/);
    expect(failureReason('boom', withPassword)).toBe(R.other('boom'));
  });
});
