import { describe, expect, it } from 'vitest';
import { serviceStatus } from './status';

const of = (...statuses: ('pending' | 'running' | 'failed' | 'finished')[]) =>
  statuses.map((sync_status) => ({ sync_status }));

describe('service status precedence (spec 001 §2)', () => {
  it('failed first, with the count of failed accounts', () => {
    expect(serviceStatus(of('finished', 'failed', 'pending', 'failed', 'running'))).toEqual({
      status: 'failed',
      failedCount: 2,
    });
  });

  it('then pending, then running, else finished', () => {
    expect(serviceStatus(of('running', 'pending', 'finished')).status).toBe('pending');
    expect(serviceStatus(of('finished', 'running')).status).toBe('running');
    expect(serviceStatus(of('finished', 'finished')).status).toBe('finished');
    expect(serviceStatus([]).status).toBe('finished');
  });
});
